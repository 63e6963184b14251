import ExcelJS from 'exceljs';
import { readSheet } from '../packages/server/src/xlsx/read.ts';

/** One measured read (see xlsx-read.ts): `full` loads the workbook, `stream` is the import reader. */
const [mode, file] = process.argv.slice(2) as [string, string];
const t0 = performance.now();
let rows = 0;
if (mode === 'full') {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const texts: string[][] = [];
  wb.worksheets[0]?.eachRow({ includeEmpty: true }, (row, n) => {
    texts[n - 1] = (row.values as ExcelJS.CellValue[]).slice(1).map((v) => String(v ?? '').trim());
  });
  rows = texts.length;
} else {
  for await (const row of readSheet(file)) rows = row.number;
}
const ms = Math.round(performance.now() - t0);
console.log(JSON.stringify({ rows, ms, peakMB: Math.round(process.resourceUsage().maxRSS / 1024) }));
