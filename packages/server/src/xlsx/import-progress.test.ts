import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ImportProgress } from '@gatehouse/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { AuthCtx } from '../http/context.ts';
import { kit, multipart } from '../modules/account/test-kit.ts';
import { type TestApp, testApp } from '../test/harness.ts';
import { runImport } from './import-runner.ts';

let t: TestApp;
let manager: { id: number; token: string };
let community: number;
beforeAll(async () => {
  t = await testApp();
  community = await t.createCommunity('Progress');
  manager = await kit(t).session(4, [community]);
});
afterAll(async () => t.close());

const progressOf = async (importId: string, token = manager.token) =>
  (await t.get<ImportProgress | null>('/account/getImportProgress', { importId }, token)).body.content;

async function sheet(rows: string[][]): Promise<string> {
  const file = path.join(os.tmpdir(), `gh-progress-${crypto.randomUUID()}.xlsx`);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('S');
  ws.addRow(['Name']);
  for (const r of rows) ws.addRow(r);
  await wb.xlsx.writeFile(file);
  return file;
}

describe('import progress', () => {
  it('is stored by the runner stage by stage and reaches its end only when the import is done', async () => {
    const file = await sheet([['a'], ['b'], ['c']]);
    const ctx: AuthCtx = {
      ...t.services,
      lang: 'en',
      ip: '127.0.0.1',
      caller: { sessionId: 0, accountId: manager.id, roleId: 4, regNo: '', name: '', communityId: 0, menuIds: new Set() },
    };
    const importId = crypto.randomUUID();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reached = () => {};
    const inPrepare = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const applied: string[] = [];
    const running = runImport(ctx, {
      file: {
        field: 'file',
        filename: 'p.xlsx',
        mimetype: 'application/octet-stream',
        path: file,
        size: fs.statSync(file).size,
        truncated: false,
      },
      columns: [{ key: 'name', header: 'f.file' }],
      rowSchema: z.object({ name: z.string() }),
      messageType: 0,
      communityId: community,
      menu: 'account',
      title: 'account.importTitle',
      progressId: importId,
      prepare: async (rows, progress) => {
        progress(1, rows.length);
        reached();
        await gate;
      },
      apply: async (rows) => {
        applied.push(...rows.map((r) => r.name));
      },
    });
    await inPrepare;
    await vi.waitFor(async () => expect((await progressOf(importId))?.stage).toBe('hash'));
    expect(await progressOf(importId)).toEqual({ stage: 'hash', done: 1, total: 3, finished: false });
    expect(applied).toEqual([]);
    release();
    expect(await running).toEqual({ imported: 3, rejected: 0, errors: [], omitted: 0, kinds: [] });
    expect(await progressOf(importId)).toEqual({ stage: 'done', done: 3, total: 3, finished: true });
    fs.rmSync(file, { force: true });
  });

  it('is answered only to the account that imports; 401 without a session, 400 for a malformed id', async () => {
    const importId = crypto.randomUUID();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Accounts');
    ws.addRow(['Area code', 'Phone number', 'Name', 'Password', 'Role', 'Householder address', 'Face limit', 'Resident limit']);
    ws.addRow(['86', '13844440001', 'Prog One', 'Prog1234', 'Property staff', '', '', '']);
    ws.addRow(['86', '13844440002', 'Prog Two', 'Prog5678', 'Property staff', '', '', '']);
    const m = multipart({ communityID: String(community), importId }, { name: 'p.xlsx', data: Buffer.from(await wb.xlsx.writeBuffer()) });
    expect(await progressOf(importId)).toBeNull();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/uploadAccountFile',
      payload: m.payload,
      headers: { ...m.headers, token: manager.token },
    });
    expect(res.json().status).toBe(200);
    expect(await progressOf(importId)).toEqual({ stage: 'done', done: 2, total: 2, finished: true });
    const other = await kit(t).session(4, [community]);
    expect(await progressOf(importId, other.token)).toBeNull();
    expect((await t.get('/account/getImportProgress', { importId })).statusCode).toBe(401);
    const bad = await t.get('/account/getImportProgress', { importId: 'x' }, manager.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.body.msgs).toEqual(['import id is invalid']);
  });
});
