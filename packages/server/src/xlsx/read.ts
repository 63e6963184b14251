import fs from 'node:fs';
import path from 'node:path/posix';
import { AppError, badRequest } from '../http/errors.ts';
import { readRows, readSharedStrings, type SheetRow } from './cells.ts';
import { parseXml } from './xml-stream.ts';
import { type LimitedZip, openLimitedZip } from './zip.ts';

const ZIP = Buffer.from('PK\x03\x04', 'latin1');
/** The OLE2 compound file of Excel 97-2003 (.xls) and of password-protected workbooks. */
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

async function head(file: string): Promise<Buffer> {
  const fh = await fs.promises.open(file, 'r');
  try {
    const b = Buffer.alloc(8);
    const { bytesRead } = await fh.read(b, 0, 8, 0);
    return b.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** Every `tag` element's attributes in a small part (workbook, relationships). */
async function elements(zip: LimitedZip, part: string, tag: string): Promise<Record<string, string>[]> {
  const found: Record<string, string>[] = [];
  const items = parseXml<never>(zip.chunks(part), {
    open: (name, attrs) => {
      if (name === tag && found.length < 1_000) found.push({ ...attrs });
    },
    text: () => {},
    close: () => {},
  });
  for await (const _ of items);
  return found;
}

/** The paths of the first worksheet and of the shared-string table, from the workbook and its relationships. */
async function locateParts(zip: LimitedZip): Promise<{ sheet: string; strings: string | null }> {
  const [first] = await elements(zip, 'xl/workbook.xml', 'sheet');
  const rels = await elements(zip, 'xl/_rels/workbook.xml.rels', 'Relationship');
  const target = (r: Record<string, string> | undefined) => {
    const t = r?.Target;
    if (!t) return null;
    return t.startsWith('/') ? t.slice(1) : path.normalize(path.join('xl', t));
  };
  const sheetId = first?.['r:id'] ?? Object.entries(first ?? {}).find(([k]) => k.endsWith(':id'))?.[1];
  const sheet = target(rels.find((r) => r.Id === sheetId)) ?? 'xl/worksheets/sheet1.xml';
  const strings = target(rels.find((r) => r.Type?.endsWith('/sharedStrings'))) ?? 'xl/sharedStrings.xml';
  if (!zip.has(sheet)) throw badRequest('import.notSpreadsheet');
  return { sheet, strings: zip.has(strings) ? strings : null };
}

/**
 * Reads the first sheet of an uploaded .xlsx as a stream of its rows that hold a value
 * (trimmed text per cell), within IMPORT_LIMITS: the zip's declared sizes are checked
 * before anything is inflated, inflated bytes are counted, and the shared strings,
 * row numbers and cell lengths are checked while the XML is parsed. A broken limit
 * answers 400 naming it; a file that is not an .xlsx answers 400 (an .xls, by its
 * content, with a message naming .xlsx: see docs/security.md).
 */
export async function* readSheet(file: string): AsyncGenerator<SheetRow> {
  const magic = await head(file);
  if (magic.equals(OLE2)) throw badRequest('import.xlsRefused');
  if (!magic.subarray(0, 4).equals(ZIP)) throw badRequest('import.notSpreadsheet');
  let zip: LimitedZip | null = null;
  try {
    zip = await openLimitedZip(file);
    const { sheet, strings } = await locateParts(zip);
    const shared = strings ? await readSharedStrings(zip.chunks(strings)) : [];
    yield* readRows(zip.chunks(sheet), shared);
  } catch (e) {
    // A broken limit names itself; anything else the zip or XML reader met is a broken file.
    if (e instanceof AppError) throw e;
    throw badRequest('import.notSpreadsheet');
  } finally {
    zip?.close();
  }
}
