import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { SheetStream } from './sheet-stream.ts';
import { streamWorkbook } from './write.ts';

async function* failingRows(): AsyncIterable<(string | number | null)[]> {
  yield ['first', 1];
  throw new Error('the row source failed');
}

describe('streamWorkbook', () => {
  it('cuts a started download short when its rows fail, without a second answer', async () => {
    const app = Fastify({ logger: false });
    let handlerError: unknown;
    app.setErrorHandler((err, _req, reply) => {
      handlerError = err;
      return reply.code(500).send({ status: 500 });
    });
    app.get('/export', async (_req, reply) => {
      await streamWorkbook(reply, 'x.xlsx', 'Sheet', ['a', 'b'], failingRows());
      return reply;
    });
    const res = await app.inject({ method: 'GET', url: '/export' }).catch((e: Error) => e);
    await app.close();
    // The headers went out first: the only honest outcome is a broken download, not an envelope.
    expect(handlerError).toBeUndefined();
    if (!(res instanceof Error)) expect(res.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('SheetStream', () => {
  it('writes a workbook other readers open: escaped text, numbers, empty cells, forbidden characters dropped', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (b: Buffer) => chunks.push(b));
    const done = new Promise((r) => out.on('end', r));
    const x = new SheetStream(out, 'A/B: sheet', 3);
    await x.start(['a', 'b', 'c']);
    await x.row(['<tag> & "q"', 42, null]);
    await x.row(['bell\u0007', '', '住户']);
    await x.finish();
    await done;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.name).toBe('A B  sheet');
    expect(ws?.getRow(2).values).toEqual([undefined, '<tag> & "q"', 42]);
    expect(ws?.getRow(3).values).toEqual([undefined, 'bell', undefined, '住户']);
  });

  it('keeps every character of many pieces: Chinese, emoji, and a cell longer than a piece', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (b: Buffer) => chunks.push(b));
    const done = new Promise((r) => out.on('end', r));
    const x = new SheetStream(out, 'S', 2);
    await x.start(['名字', 'n']);
    const long = '门禁卡😀→'.repeat(30_000);
    const text = (i: number) => (i === 777 ? long : `住户 ${i} 😀 → ${'x'.repeat(i % 50)}`);
    for (let i = 0; i < 3000; i++) await x.row([text(i), i]);
    await x.finish();
    await done;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.rowCount).toBe(3001);
    for (const i of [0, 1, 776, 777, 778, 2999]) expect(ws?.getRow(i + 2).values).toEqual([undefined, text(i), i]);
  });
});
