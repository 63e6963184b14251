import { once } from 'node:events';
import type { TransformOptions, Writable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * A one-sheet .xlsx written straight to a stream: each row's XML (inline strings) is
 * deflated into the zip as it comes, the sizes and CRC following each part (zip data
 * descriptors), so nothing but a few buffers is held whatever the row count. It writes
 * only as fast as `out` takes the bytes (backpressure) and stops waiting as soon as
 * `abort()` is called. Parts over 4 GiB (zip64) are refused with an error.
 */

/** The zip's CRC-32 of `buf` (continuing `crc`): zlib's, native (a JavaScript loop cost 6% of a PGlite export's CPU). */
export const crc32 = (buf: Uint8Array, crc = 0): number => zlib.crc32(buf, crc);

const ESC: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' };
/** XML text: escaped, and the characters XML 1.0 cannot carry dropped (they would break the file). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters XML 1.0 forbids, removed on purpose
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const xmlText = (s: string) => s.replace(/[<>&"]/g, (c) => ESC[c] as string).replace(NOT_XML, '');

/** Column letters A, B, …, Z, AA, … */
function columnName(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** A worksheet name Excel accepts: no []:*?/\ and at most 31 characters. */
const sheetName = (s: string) => s.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';

const MAX32 = 0xffffffff;
const FLAGS = 0x0808; // sizes in a data descriptor; UTF-8 names
const CHUNK = 64 * 1024;
const DEFLATE_AHEAD = 4 * CHUNK;
/** Room for a piece and the row that fills it (a longer row gets a buffer of its own size). */
const BUFFER = 2 * CHUNK;

interface Part {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

function dosTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    date: ((Math.max(d.getFullYear(), 1980) - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

export class SheetStream {
  private offset = 0;
  private readonly parts: Part[] = [];
  private gone = false;
  private readonly left: Promise<void>;
  private leave!: () => void;
  private readonly stamp = dosTime(new Date());
  private readonly refs: string[];
  private rowNo = 0;
  /** The sheet's XML not yet handed to zlib, encoded row by row (UTF-8) into `buf` up to `used`. */
  private buf = Buffer.allocUnsafe(BUFFER);
  private used = 0;
  private part: Part | null = null;
  private deflate: zlib.DeflateRaw | null = null;

  constructor(
    private readonly out: Writable,
    private readonly sheet: string,
    columns: number,
    private readonly level = 1,
  ) {
    this.left = new Promise((resolve) => {
      this.leave = resolve;
    });
    this.refs = Array.from({ length: Math.max(columns, 1) }, (_, i) => columnName(i));
  }

  /** The reader went away: every wait ends now and nothing more is written. */
  abort(): void {
    this.gone = true;
    this.leave();
  }

  get aborted(): boolean {
    return this.gone;
  }

  private async wait(emitter: NodeJS.EventEmitter, event: string): Promise<void> {
    await Promise.race([once(emitter, event), this.left]);
  }

  private async put(buf: Buffer): Promise<void> {
    this.offset += buf.length;
    if (!this.out.write(buf) && !this.gone) await this.wait(this.out, 'drain');
  }

  /**
   * What a local header (from byte 4) and its central directory entry (from byte 6) share:
   * version needed, flags, method (deflate), time, date, crc, sizes and name length. A local
   * header is written before its data, so its crc and sizes are 0 (they follow in the data descriptor).
   */
  private entryFields(h: Buffer, at: number, p: Part): void {
    h.writeUInt16LE(20, at);
    h.writeUInt16LE(FLAGS, at + 2);
    h.writeUInt16LE(8, at + 4);
    h.writeUInt16LE(this.stamp.time, at + 6);
    h.writeUInt16LE(this.stamp.date, at + 8);
    h.writeUInt32LE(p.crc, at + 10);
    h.writeUInt32LE(p.compressed, at + 14);
    h.writeUInt32LE(p.size, at + 18);
    h.writeUInt16LE(p.name.length, at + 22);
  }

  private async open(name: string): Promise<void> {
    const part: Part = { name: Buffer.from(name, 'utf8'), crc: 0, compressed: 0, size: 0, offset: this.offset };
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    this.entryFields(h, 4, part);
    await this.put(Buffer.concat([h, part.name]));
    // Up to DEFLATE_AHEAD of XML waits for zlib (which deflates on the thread pool), so the next
    // rows are built meanwhile instead of waiting for each 64 kB piece to be deflated.
    const options: zlib.ZlibOptions & TransformOptions = { level: this.level, writableHighWaterMark: DEFLATE_AHEAD };
    const deflate = zlib.createDeflateRaw(options);
    deflate.on('data', (c: Buffer) => {
      part.compressed += c.length;
      this.offset += c.length;
      if (!this.out.write(c) && !this.gone) {
        deflate.pause();
        this.out.once('drain', () => deflate.resume());
      }
    });
    this.part = part;
    this.deflate = deflate;
  }

  private async write(buf: Buffer): Promise<void> {
    const part = this.part as Part;
    part.crc = crc32(buf, part.crc);
    part.size += buf.length;
    if (part.size > MAX32) throw new Error('xlsx part over 4 GiB');
    const deflate = this.deflate as zlib.DeflateRaw;
    if (!deflate.write(buf) && !this.gone) await this.wait(deflate, 'drain');
  }

  private async close(): Promise<void> {
    const part = this.part as Part;
    const deflate = this.deflate as zlib.DeflateRaw;
    const ended = once(deflate, 'end');
    deflate.end();
    await Promise.race([ended, this.left]);
    if (this.gone) return;
    const d = Buffer.alloc(16);
    d.writeUInt32LE(0x08074b50, 0);
    d.writeUInt32LE(part.crc, 4);
    d.writeUInt32LE(part.compressed, 8);
    d.writeUInt32LE(part.size, 12);
    await this.put(d);
    this.parts.push(part);
    this.part = null;
    this.deflate = null;
  }

  private async whole(name: string, xml: string): Promise<void> {
    await this.open(name);
    await this.write(Buffer.from(xml, 'utf8'));
    await this.close();
  }

  /** The workbook's fixed parts, then the sheet's opening (and its header row, when given). */
  async start(header?: string[]): Promise<void> {
    const ns = 'http://schemas.openxmlformats.org';
    await this.whole(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    );
    await this.whole(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    );
    await this.whole(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="${xmlText(sheetName(this.sheet))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    );
    await this.whole(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    );
    await this.open('xl/worksheets/sheet1.xml');
    const cols = this.refs.map((_, i) => `<col min="${i + 1}" max="${i + 1}" width="20" customWidth="1"/>`).join('');
    this.add(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${ns}/spreadsheetml/2006/main"><cols>${cols}</cols><sheetData>`,
    );
    if (header) await this.row(header);
  }

  /**
   * One row; written out in 64 kB pieces (waits while the reader has not taken the previous ones).
   * Answers a promise only when a piece went out (a million-row export awaits once per piece, not per row).
   */
  row(cells: readonly (string | number | null | undefined)[]): Promise<void> | undefined {
    const r = String(++this.rowNo);
    let x = `<row r="${r}">`;
    for (let i = 0; i < cells.length; i++) {
      const v = cells[i];
      if (v === null || v === undefined || v === '') continue;
      const ref = (this.refs[i] ?? columnName(i)) + r;
      x +=
        typeof v === 'number' && Number.isFinite(v)
          ? `<c r="${ref}"><v>${v}</v></c>`
          : `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlText(String(v))}</t></is></c>`;
    }
    this.add(`${x}</row>`);
    return this.used < CHUNK ? undefined : this.write(this.taken());
  }

  /**
   * XML after what waits, encoded at once (a row's string is short: one 64 kB string built by `+=`
   * took a quarter of an export's CPU to flatten and encode). A string that may not fit goes after
   * what waits, on its own.
   */
  private add(xml: string): void {
    if (this.used + xml.length * 3 <= this.buf.length) {
      this.used += this.buf.write(xml, this.used, 'utf8');
      return;
    }
    const encoded = Buffer.from(xml, 'utf8');
    const joined = Buffer.allocUnsafe(Math.max(BUFFER, this.used + encoded.length));
    this.buf.copy(joined, 0, 0, this.used);
    encoded.copy(joined, this.used);
    this.buf = joined;
    this.used += encoded.length;
  }

  /** What waits, handed on (zlib keeps it until deflated, so a new buffer takes the next rows). */
  private taken(): Buffer {
    const b = this.buf.subarray(0, this.used);
    this.buf = Buffer.allocUnsafe(BUFFER);
    this.used = 0;
    return b;
  }

  /** The sheet's end, the zip's central directory, and the end of `out`. */
  async finish(): Promise<void> {
    this.add('</sheetData></worksheet>');
    await this.write(this.taken());
    await this.close();
    if (this.gone) return;
    const start = this.offset;
    for (const p of this.parts) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(20, 4);
      this.entryFields(h, 6, p);
      h.writeUInt32LE(p.offset, 42);
      await this.put(Buffer.concat([h, p.name]));
    }
    if (this.offset > MAX32) throw new Error('xlsx file over 4 GiB');
    const e = Buffer.alloc(22);
    e.writeUInt32LE(0x06054b50, 0);
    e.writeUInt16LE(this.parts.length, 8);
    e.writeUInt16LE(this.parts.length, 10);
    e.writeUInt32LE(this.offset - start, 12);
    e.writeUInt32LE(start, 16);
    await this.put(e);
    this.out.end();
  }
}
