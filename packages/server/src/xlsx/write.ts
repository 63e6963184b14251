import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { OffThreadSheet } from './off-thread-sheet.ts';
import { SheetStream } from './sheet-stream.ts';

/**
 * A one-sheet workbook with a header row (import templates, small exports). ExcelJS (about 25 MB
 * once loaded) is loaded on the first such file, not at start: most servers rarely write one.
 */
export async function workbookBuffer(sheet: string, headers: string[], rows: (string | number | null)[][] = []): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  ws.addRow(headers).font = { bold: true };
  for (const r of rows) ws.addRow(r);
  ws.columns.forEach((c) => {
    c.width = 20;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function fileHeaders(reply: FastifyReply, filename: string, type = XLSX_TYPE): FastifyReply {
  return reply
    .type(type)
    .header(
      'content-disposition',
      `attachment; filename="${encodeURIComponent(filename)}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    )
    .header('cache-control', 'no-store');
}

export async function sendWorkbook(reply: FastifyReply, filename: string, buf: Buffer): Promise<void> {
  await fileHeaders(reply, filename).send(buf);
}

/** The response header carrying an export's row count (counted before the answer starts). */
export const EXPORT_ROWS_HEADER = 'x-export-rows';

type Cells = (string | number | null)[];

/**
 * From this many rows an export's sheet is built on a worker thread (`OffThreadSheet`); a smaller one
 * is written in the request's thread, where it is done before a worker would have started.
 */
export const OFF_THREAD_ROWS = 20_000;

/**
 * Streams a large export: rows come from an async iterator (e.g. a keyset-paged
 * query) and go through the zip writer of `sheet-stream.ts`, so memory stays flat
 * whatever the row count. The rows are pulled only as fast as the client reads
 * (backpressure), and a client that goes away stops the work: the iterator is
 * returned (its query loop ends) and nothing more is read. `total` (the row count the
 * limit check found) is sent in the `x-export-rows` header for the browser's progress;
 * from OFF_THREAD_ROWS rows the sheet is built on a worker thread.
 */
export async function streamWorkbook<R = Cells>(
  reply: FastifyReply,
  filename: string,
  sheet: string,
  headers: string[],
  rows: AsyncIterable<R>,
  total?: number,
  /** A row's cells, when `rows` are not cells already (spares a generator step per row). */
  toCells: (r: R) => Cells = (r) => r as Cells,
): Promise<void> {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  const xlsx =
    total !== undefined && total >= OFF_THREAD_ROWS
      ? new OffThreadSheet(out, sheet, headers.length)
      : new SheetStream(out, sheet, headers.length);
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) xlsx.abort();
  });
  if (total !== undefined) reply.header(EXPORT_ROWS_HEADER, String(total));
  fileHeaders(reply, filename).send(out);
  try {
    await xlsx.start(headers);
    for await (const r of rows) {
      if (xlsx.aborted) break;
      const wrote = xlsx.row(toCells(r));
      if (wrote) await wrote;
    }
    if (xlsx.aborted) {
      out.destroy();
      return;
    }
    await xlsx.finish();
  } catch (err) {
    // The answer has started: a failure can only cut the download short (and is logged), never start a second answer.
    reply.log.error({ err }, 'export failed after its answer started');
    xlsx.abort();
    out.destroy(err as Error);
  }
}
