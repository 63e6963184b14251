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
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path);
    const ws = wb.worksheets[0];
    if (!ws) return [];
    const rows: SheetRows = [];
    ws.eachRow({ includeEmpty: true }, (row, n) => {
      const values = (row.values as ExcelJS.CellValue[]).slice(1);
      rows[n - 1] = values.map((v) => cellText(v).trim());
    });
    return Array.from(rows, (r) => r ?? []);
  } catch {
    return null;
  }
}
