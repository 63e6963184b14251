import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

/** A one-sheet workbook with a header row (import templates, small exports). */
export async function workbookBuffer(sheet: string, headers: string[], rows: (string | number | null)[][] = []): Promise<Buffer> {
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

/**
 * Streams a large export: rows come from an async iterator (e.g. a keyset-paged
 * query), so memory stays flat whatever the row count. The rows are pulled only
 * as fast as the client reads (backpressure), and a client that goes away stops
 * the work: the iterator is returned (its query loop ends) and nothing more is read.
 */
export async function streamWorkbook(
  reply: FastifyReply,
  filename: string,
  sheet: string,
  headers: string[],
  rows: AsyncIterable<(string | number | null)[]>,
): Promise<void> {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  let gone = false;
  const leave = () => {
    gone = true;
    out.emit('drain');
  };
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) leave();
  });
  fileHeaders(reply, filename).send(out);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet(sheet);
  ws.addRow(headers).commit();
  try {
    let n = 0;
    for await (const r of rows) {
      if (gone) break;
      ws.addRow(r).commit();
      // Rows go through the zip writer asynchronously: give it a turn every few hundred rows so the
      // compressed bytes reach `out`, then wait while the client has not taken them (and see it leave).
      if (++n % 200 === 0) await new Promise((resolve) => setImmediate(resolve));
      while (out.writableNeedDrain && !gone) await new Promise((resolve) => out.once('drain', resolve));
    }
    if (gone) {
      out.destroy();
      return;
    }
    ws.commit();
    await wb.commit();
  } catch (err) {
    // The answer has started: a failure can only cut the download short (and is logged), never start a second answer.
    reply.log.error({ err }, 'export failed after its answer started');
    out.destroy(err as Error);
  }
}
