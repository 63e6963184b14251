import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';

/** The first sheet of the workbook `write` writes to a stream, read back by ExcelJS once the stream ends. */
export async function sheetWritten(write: (out: Writable) => Promise<void>): Promise<ExcelJS.Worksheet | undefined> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise((r) => out.on('end', r));
  await write(out);
  await done;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return wb.worksheets[0];
}
