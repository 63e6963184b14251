import ExcelJS from 'exceljs';
import XLSX from 'xlsx';

export type SheetRows = string[][];

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('text' in v) return String(v.text);
    if ('result' in v) return v.result === undefined ? '' : cellText(v.result as ExcelJS.CellValue);
    if ('error' in v) return '';
  }
  return String(v);
}

/**
 * Streams the first worksheet of an .xlsx (exceljs WorkbookReader): rows are read as
 * they are unzipped, without building the workbook's object model, so a 100k-row
 * import holds little more than the text of its cells.
 */
async function readXlsxFirstSheet(path: string): Promise<SheetRows> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: 'cache',
    styles: 'cache', // keeps date cells dates
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  const rows: SheetRows = [];
  for await (const ws of reader) {
    for await (const row of ws) {
      const values = (row.values as ExcelJS.CellValue[]).slice(1);
      rows[row.number - 1] = Array.from(values, (v) => cellText(v).trim());
    }
    break; // the first sheet only
  }
  return Array.from(rows, (r) => r ?? []);
}

/**
 * Reads the first sheet of an uploaded spreadsheet as rows of trimmed text:
 * .xlsx with exceljs; legacy .xls with SheetJS. Answers null when the file is
 * not a spreadsheet.
 */
export async function readSheet(path: string, originalName: string): Promise<SheetRows | null> {
  try {
    if (/\.xls$/i.test(originalName)) {
      const wb = XLSX.readFile(path, { cellDates: true, dense: true });
      const ws = wb.Sheets[wb.SheetNames[0] ?? ''];
      if (!ws) return [];
      const rows = XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, raw: false, defval: '' });
      return rows.map((r) => r.map((c) => String(c ?? '').trim()));
    }
    return await readXlsxFirstSheet(path);
  } catch {
    return null;
  }
}
