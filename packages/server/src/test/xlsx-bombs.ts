import zlib from 'node:zlib';

/**
 * Hostile spreadsheets built in the test (and the bench): a zip writer that can declare
 * sizes it does not hold, and the bombs of docs/security.md "Uploaded files".
 */

interface Packed {
  name: string;
  data: Buffer;
  size: number;
  crc: number;
  /** The uncompressed size the headers declare (a lie when it differs from size). */
  declared: number;
}

/** Deflates chunks as they are generated (a bomb's text is never held whole). */
async function pack(name: string, chunks: Iterable<Buffer>, declared?: number): Promise<Packed> {
  const deflate = zlib.createDeflateRaw({ level: 1 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  let size = 0;
  let crc = 0;
  for (const c of chunks) {
    size += c.length;
    crc = zlib.crc32(c, crc);
    if (!deflate.write(c)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return { name, data: Buffer.concat(out), size, crc, declared: declared ?? size };
}

/** A local (30 bytes) or central (46 bytes) file header; the central one has "version made by" first. */
function header(p: Packed, central: boolean, offset: number): Buffer {
  const name = Buffer.from(p.name);
  const b = Buffer.alloc(central ? 46 : 30);
  b.writeUInt32LE(central ? 0x02014b50 : 0x04034b50, 0);
  const o = central ? 6 : 4;
  if (central) b.writeUInt16LE(20, 4);
  b.writeUInt16LE(20, o); // version needed
  b.writeUInt16LE(8, o + 4); // deflate (flags 0, time 0)
  b.writeUInt16LE(0x21, o + 8); // date: 1980-01-01
  b.writeUInt32LE(p.crc >>> 0, o + 10);
  b.writeUInt32LE(p.data.length, o + 14);
  b.writeUInt32LE(p.declared, o + 18);
  b.writeUInt16LE(name.length, o + 22);
  if (central) b.writeUInt32LE(offset, 42);
  return Buffer.concat([b, name]);
}

type Part = { name: string; chunks: Iterable<Buffer>; declared?: number };

/** A zip of the given parts (deflated), in order. */
async function zipOf(parts: Part[]): Promise<Buffer> {
  const packed = await Promise.all(parts.map((p) => pack(p.name, p.chunks, p.declared)));
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of packed) {
    const h = header(p, false, 0);
    central.push(header(p, true, offset));
    local.push(h, p.data);
    offset += h.length + p.data.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(packed.length, 8);
  end.writeUInt16LE(packed.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, cd, end]);
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8"?><workbook ${NS} xmlns:r="${REL}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;

/** `count` copies of a piece, in chunks of about 1 MB. */
function* repeat(piece: string, count: number): Generator<Buffer> {
  const per = Math.max(1, Math.floor((1024 * 1024) / piece.length));
  const block = Buffer.from(piece.repeat(Math.min(per, count)));
  let left = count;
  while (left > 0) {
    const n = Math.min(per, left);
    yield n === per || n * piece.length === block.length ? block : block.subarray(0, n * piece.length);
    left -= n;
  }
}

const one = (s: string) => [Buffer.from(s)];
const sheetXml = (rows: string) => `<worksheet ${NS}><sheetData>${rows}</sheetData></worksheet>`;

/** A workbook of a sheet and (optionally) a shared-string table and more parts, given as chunks. */
function workbook(sheet: Iterable<Buffer>, strings: Iterable<Buffer> = one(`<sst ${NS}/>`), extra: Part[] = [], sheetDeclared?: number) {
  return zipOf([
    { name: '[Content_Types].xml', chunks: one('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>') },
    { name: 'xl/workbook.xml', chunks: one(WORKBOOK) },
    { name: 'xl/_rels/workbook.xml.rels', chunks: one(RELS) },
    { name: 'xl/worksheets/sheet1.xml', chunks: sheet, declared: sheetDeclared },
    { name: 'xl/sharedStrings.xml', chunks: strings },
    ...extra,
  ]);
}

const cellRow = (n: number, text: string) => `<row r="${n}"><c r="A${n}" t="inlineStr"><is><t>${text}</t></is></c></row>`;

/** A plain workbook of the given rows of inline text (the header is row 1). */
export const plainXlsx = (rows: string[][]): Promise<Buffer> =>
  workbook(
    one(
      sheetXml(
        rows
          .map(
            (r, i) =>
              `<row r="${i + 1}">${r.map((v, j) => `<c r="${String.fromCharCode(65 + j)}${i + 1}" t="inlineStr"><is><t>${v}</t></is></c>`).join('')}</row>`,
          )
          .join(''),
      ),
    ),
  );

/** The bombs, each a valid-looking .xlsx (or not) small enough to upload. */
export const BOMBS = {
  /** 6 KB: the second row is numbered 30,000,000. */
  rowNumber: () => workbook(one(sheetXml(`${cellRow(1, 'Header')}${cellRow(30_000_000, 'x')}`))),
  /** ~300 KB: one shared string of 300 MB (declared truthfully). */
  hugeString: () =>
    workbook(one(sheetXml(`<row r="1"><c r="A1" t="s"><v>0</v></c></row>`)), [
      Buffer.from(`<sst ${NS}><si><t>`),
      ...repeat('a', 300 * 1024 * 1024),
      Buffer.from('</t></si></sst>'),
    ]),
  /** ~1 MB inside the part limit: one cell longer than a cell may be. */
  longCell: () => workbook(one(sheetXml(`<row r="1"><c r="A1" t="inlineStr"><is><t>${'b'.repeat(1024 * 1024)}</t></is></c></row>`))),
  /** ~400 KB: 10 million shared strings. */
  manyStrings: () =>
    workbook(one(sheetXml(cellRow(1, 'h'))), [
      Buffer.from(`<sst ${NS}>`),
      ...repeat('<si><t>x</t></si>', 10_000_000),
      Buffer.from('</sst>'),
    ]),
  /** One string more than the limit, without a declared count: refused by counting. */
  countedStrings: (limit: number) =>
    workbook(one(sheetXml(cellRow(1, 'h'))), [
      Buffer.from(`<sst ${NS}>`),
      ...repeat('<si><t>x</t></si>', limit + 1),
      Buffer.from('</sst>'),
    ]),
  /** Three parts of 60 MB of zeros (each within the part limit, the whole over it). */
  deflate: async () => {
    const zeros = () => repeat('\0', 60 * 1024 * 1024);
    return workbook(one(sheetXml(cellRow(1, 'h'))), undefined, [
      { name: 'xl/media/a.bin', chunks: zeros() },
      { name: 'xl/media/b.bin', chunks: zeros() },
      { name: 'xl/media/c.bin', chunks: zeros() },
    ]);
  },
  /** A sheet that declares 2 KB and inflates to 200 MB of whitespace inside sheetData. */
  lyingSize: () =>
    workbook(
      [Buffer.from(`<worksheet ${NS}><sheetData>`), ...repeat(' ', 200 * 1024 * 1024), Buffer.from('</sheetData></worksheet>')],
      undefined,
      [],
      2048,
    ),
  /** A good workbook cut in half. */
  truncated: async () => {
    const good = await plainXlsx([['Header'], ['value']]);
    return good.subarray(0, Math.floor(good.length / 2));
  },
  /** A PNG named .xlsx. */
  png: async () =>
    Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
      'hex',
    ),
  /** An OLE2 (.xls) container whose stream names try prototype pollution. */
  xls: async () =>
    Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(504),
      Buffer.from('__proto__ polluted constructor prototype'.padEnd(4096, '\0')),
    ]),
} as const;
