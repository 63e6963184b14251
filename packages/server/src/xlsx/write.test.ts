import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { SheetStream } from './sheet-stream.ts';
import { sheetWritten } from './test-kit.ts';
import { OFF_THREAD_ROWS, streamWorkbook } from './write.ts';

type Cells = (string | number | null)[];

async function* numbered(n: number, fail = false): AsyncIterable<Cells> {
  for (let i = 0; i < n; i++) yield [`row ${i}`, i];
  if (fail) throw new Error('the row source failed');
}

/** The export's answer, and the error the route's error handler saw (if it saw one). */
async function download(rows: AsyncIterable<Cells>, total?: number) {
  const app = Fastify({ logger: false });
  let handlerError: unknown;
  app.setErrorHandler((err, _req, reply) => {
    handlerError = err;
    return reply.code(500).send({ status: 500 });
  });
  app.get('/export', async (_req, reply) => {
    await streamWorkbook(reply, 'x.xlsx', 'Sheet', ['a', 'b'], rows, total);
    return reply;
  });
  const res = await app.inject({ method: 'GET', url: '/export' }).catch((e: Error) => e);
  await app.close();
  return { res, handlerError };
}

describe('streamWorkbook', () => {
  // The headers went out first: the only honest outcome is a broken download, not an envelope.
  it.each([
    ['in the request thread', undefined],
    ['on a worker thread (OFF_THREAD_ROWS)', OFF_THREAD_ROWS],
  ])('cuts a started download short when its rows fail, without a second answer (%s)', async (_where, total) => {
    const { res, handlerError } = await download(numbered(1000, true), total);
    expect(handlerError).toBeUndefined();
    if (!(res instanceof Error)) expect(res.headers['content-type']).toContain('spreadsheetml');
  });

  it('sends every row of an export over OFF_THREAD_ROWS', async () => {
    const n = OFF_THREAD_ROWS + 1;
    const { res } = await download(numbered(n), n);
    if (res instanceof Error) throw res;
    expect(res.headers['x-export-rows']).toBe(String(n));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.rowCount).toBe(n + 1);
    expect(ws?.getRow(n + 1).values).toEqual([undefined, `row ${n - 1}`, n - 1]);
  });
});

describe('SheetStream', () => {
  it('writes a workbook other readers open: escaped text, numbers, empty cells, forbidden characters dropped', async () => {
    const ws = await sheetWritten(async (out) => {
      const x = new SheetStream(out, 'A/B: sheet', 3);
      await x.start(['a', 'b', 'c']);
      await x.row(['<tag> & "q"', 42, null]);
      await x.row(['bell\u0007', '', '住户']);
      await x.finish();
    });
    expect(ws?.name).toBe('A B  sheet');
    expect(ws?.getRow(2).values).toEqual([undefined, '<tag> & "q"', 42]);
    expect(ws?.getRow(3).values).toEqual([undefined, 'bell', undefined, '住户']);
  });

  it('keeps every character of many pieces: Chinese, emoji, and a cell longer than a piece', async () => {
    const long = '门禁卡😀→'.repeat(30_000);
    const text = (i: number) => (i === 777 ? long : `住户 ${i} 😀 → ${'x'.repeat(i % 50)}`);
    const ws = await sheetWritten(async (out) => {
      const x = new SheetStream(out, 'S', 2);
      await x.start(['名字', 'n']);
      for (let i = 0; i < 3000; i++) await x.row([text(i), i]);
      await x.finish();
    });
    expect(ws?.rowCount).toBe(3001);
    for (const i of [0, 1, 776, 777, 778, 2999]) expect(ws?.getRow(i + 2).values).toEqual([undefined, text(i), i]);
  });
});
