import { IMPORT_LIMITS, msg } from '@gatehouse/contracts';
import { badRequest } from '../http/errors.ts';
import { parseXml } from './xml-stream.ts';

/** One row of a sheet that holds a value: its number (1-based) and its cells' trimmed text. */
export interface SheetRow {
  number: number;
  cells: string[];
}

/** Text of a cell or shared string, refused as soon as it passes the cell limit. */
class TextBuffer {
  private parts: string[] = [];
  private length = 0;
  collecting = false;
  add(text: string): void {
    if (!this.collecting) return;
    this.length += text.length;
    if (this.length > IMPORT_LIMITS.cellChars) throw badRequest(msg('import.cellTooLong', { max: IMPORT_LIMITS.cellChars }));
    this.parts.push(text);
  }
  take(): string {
    // One part is the parser's slice of a 64 kB chunk of XML: V8 keeps a slice of 13 characters or
    // more as a view that holds the whole chunk alive, so 100k kept rows held the sheet's whole
    // text. A space put before the part and sliced off again copies the text out (the two are
    // flattened into a new string first): the row holds its own characters only (docs/performance.md,
    // "Imports"). Several parts are joined into a new string anyway.
    const s = this.parts.length === 1 ? ` ${this.parts[0]}`.slice(1) : this.parts.join('');
    this.parts = [];
    this.length = 0;
    this.collecting = false;
    return s;
  }
}

const tooManyStrings = () => badRequest(msg('import.tooManyStrings', { max: IMPORT_LIMITS.sharedStrings }));

/**
 * The shared-string table (xl/sharedStrings.xml): each `si` is the text of its `t`
 * runs (phonetic `rPh` runs left out). Refused past the string-count limit, on the
 * declared count before any string is read and on the strings actually read.
 */
export async function readSharedStrings(chunks: AsyncIterable<Buffer>): Promise<string[]> {
  const strings: string[] = [];
  const text = new TextBuffer();
  let inPhonetic = false;
  const items = parseXml<never>(chunks, {
    open(name, attrs) {
      if (name === 'sst' && Number(attrs.uniqueCount ?? 0) > IMPORT_LIMITS.sharedStrings) throw tooManyStrings();
      if (name === 'rPh') inPhonetic = true;
      if (name === 't' && !inPhonetic) text.collecting = true;
    },
    text: (t) => text.add(t),
    close(name) {
      if (name === 'rPh') inPhonetic = false;
      if (name === 't') text.collecting = false;
      if (name !== 'si') return;
      if (strings.length >= IMPORT_LIMITS.sharedStrings) throw tooManyStrings();
      strings.push(text.take());
    },
  });
  for await (const _ of items);
  return strings;
}

/** Column index (0-based) of a cell reference such as `AB12`; -1 when it has no letters. */
function columnOf(ref: string): number {
  let col = 0;
  let i = 0;
  for (; i < ref.length && i < 4; i++) {
    const c = ref.charCodeAt(i) | 0x20;
    if (c < 0x61 || c > 0x7a) break;
    col = col * 26 + (c - 0x60);
  }
  return i === 0 ? -1 : col - 1;
}

/** A cell's value as text, as Excel shows it in the cell (numbers in their shortest form). */
function cellValue(type: string, raw: string, shared: string[]): string {
  switch (type) {
    case 's':
      return shared[Number(raw)] ?? '';
    case 'b':
      return raw === '1' ? 'true' : raw === '0' ? 'false' : raw;
    case 'e':
      return '';
    case 'str':
    case 'inlineStr':
    case 'd':
      return raw;
    default: {
      const n = Number(raw);
      return raw.trim() !== '' && Number.isFinite(n) ? String(n) : raw;
    }
  }
}

const notASheet = () => badRequest('import.notSpreadsheet');

/**
 * The rows of a worksheet part that hold a value, yielded as they are read: no array
 * is indexed by row number, rows must come in ascending order (as Excel writes them),
 * a row number past the sheet height is refused at once, and only the first
 * IMPORT_LIMITS.columns columns of a row are kept.
 */
export function readRows(chunks: AsyncIterable<Buffer>, shared: string[]): AsyncGenerator<SheetRow> {
  const text = new TextBuffer();
  let rowNumber = 0;
  let cells: string[] = [];
  let filled = false;
  let col = -1;
  let type = '';
  let inPhonetic = false;
  return parseXml<SheetRow>(chunks, {
    open(name, attrs) {
      if (name === 'row') {
        const n = attrs.r === undefined ? rowNumber + 1 : Number(attrs.r);
        if (!Number.isInteger(n) || n <= rowNumber) throw notASheet();
        if (n > IMPORT_LIMITS.rowNumber) throw badRequest(msg('import.rowNumberTooLarge', { row: n, max: IMPORT_LIMITS.rowNumber }));
        rowNumber = n;
        cells = [];
        filled = false;
        col = -1;
      } else if (name === 'c') {
        const at = attrs.r === undefined ? -1 : columnOf(attrs.r);
        col = at >= 0 ? at : col + 1;
        type = attrs.t ?? 'n';
      } else if (name === 'rPh') inPhonetic = true;
      else if (name === 'v' || (name === 't' && !inPhonetic)) text.collecting = true;
    },
    text: (t) => text.add(t),
    close(name, emit) {
      if (name === 'v' || name === 't') text.collecting = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'c') {
        const value = cellValue(type, text.take(), shared).trim();
        if (col >= IMPORT_LIMITS.columns || value === '') return;
        while (cells.length < col) cells.push('');
        cells[col] = value;
        filled = true;
      } else if (name === 'row' && filled) emit({ number: rowNumber, cells });
    },
  });
}
