import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleForNode } from '../../../../scripts/bundle-node.mjs';
import { OffThreadSheet } from './off-thread-sheet.ts';
import { SheetStream } from './sheet-stream.ts';
import { sheetWritten } from './test-kit.ts';

type Cells = (string | number | null)[];
type Sheet = Pick<SheetStream, 'start' | 'row' | 'finish'>;

const long = '门禁卡😀→'.repeat(30_000);
const cellsOf = (i: number): Cells => [i === 777 ? long : `住户 ${i} 😀 <&> ${'x'.repeat(i % 50)}`, i, i % 3 ? null : 'bell\u0007'];

/** Every row the sheet writes, read back by ExcelJS. */
async function written(make: (out: Writable) => Sheet, rows: number): Promise<unknown[][]> {
  const ws = await sheetWritten(async (out) => {
    const x = make(out);
    await x.start(['名字', 'n', 'note']);
    for (let i = 0; i < rows; i++) {
      const wrote = x.row(cellsOf(i));
      if (wrote) await wrote;
    }
    await x.finish();
  });
  expect(ws?.name).toBe('住户 S');
  const values: unknown[][] = [];
  ws?.eachRow({ includeEmpty: true }, (r) => {
    values.push(r.values as unknown[]);
  });
  return values;
}

/** Waits for `cond` over the event loop's turns (a worker answers through it), at most 10 s. */
async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(cond()).toBe(true);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-sheet-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('OffThreadSheet', () => {
  it('writes the same workbook as SheetStream, built on a worker thread', async () => {
    const here = await written((out) => new SheetStream(out, '住户 S', 3), 3000);
    const there = await written((out) => new OffThreadSheet(out, '住户 S', 3), 3000);
    expect(there).toHaveLength(3001);
    expect(there).toEqual(here);
    expect(there[778]).toEqual([undefined, long, 777, 'bell']);
  });

  it('stops taking rows while its reader takes nothing, and ends the worker when the reader leaves', async () => {
    const out = new PassThrough({ highWaterMark: 16 * 1024 });
    const x = new OffThreadSheet(out, 'S', 3);
    await x.start(['a', 'b', 'c']);
    // Random text deflates poorly, so the file's pieces soon fill what the reader holds.
    const noise = () => Math.random().toString(36).repeat(8);
    let taken = 0;
    let blocked: Promise<void> | undefined;
    while (!blocked && taken < 100_000) {
      const wait = x.row([noise(), taken++, noise()]);
      if (wait && (await Promise.race([wait.then(() => 'went on'), new Promise((r) => setTimeout(r, 500, 'blocked'))])) === 'blocked')
        blocked = wait;
    }
    // It waits for the reader: what it took stays a few batches' worth of rows.
    expect(blocked).toBeDefined();
    expect(taken).toBeLessThan(20_000);
    let settled = false;
    void blocked?.then(() => {
      settled = true;
    });
    x.abort();
    await until(() => settled);
    expect(x.aborted).toBe(true);
  });

  it('cuts the file short with an error when its worker stops', async () => {
    const out = new PassThrough();
    out.resume();
    const x = new OffThreadSheet(out, 'S', 1);
    await x.start(['a']);
    await (x as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await expect(x.finish()).rejects.toThrow(/worker stopped/);
  });

  it('runs from the built server: the bundle finds its worker beside it', async () => {
    const src = path.resolve(import.meta.dirname);
    await bundleForNode(path.join(src, 'off-thread-sheet.ts'), path.join(tmp, 'off-thread-sheet.mjs'));
    await bundleForNode(path.join(src, 'sheet-worker.ts'), path.join(tmp, 'sheet-worker.mjs'));
    const built = (await import(path.join(tmp, 'off-thread-sheet.mjs'))) as { OffThreadSheet: typeof OffThreadSheet };
    const rows = await written((out) => new built.OffThreadSheet(out, '住户 S', 3), 3000);
    expect(rows).toHaveLength(3001);
  });
});
