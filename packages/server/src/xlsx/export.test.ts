import http from 'node:http';
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../test/harness.ts';
import { streamWorkbook } from './write.ts';

describe('an export larger than EXPORT_MAX_ROWS is refused up front, never cut', () => {
  let t: TestApp;
  let admin: { id: number; token: string };
  beforeAll(async () => {
    t = await testApp({ config: { EXPORT_MAX_ROWS: 3 } });
    admin = await t.signIn({ roleId: 1 });
    const community = await t.createCommunity('Export Court');
    await t.db
      .insertInto('access_event')
      .values(
        [1, 2, 3, 4].map((i) => ({
          device_id: 1,
          eid: `x${i}`,
          address_id: null,
          community_id: community,
          device_name: i === 4 ? 'EXTRA' : 'GATE',
          time: new Date(Date.UTC(2026, 2, i)),
          type: 1,
          result: 0,
          account: `1380000000${i}`,
          unlock_user_name: '',
          card_num: '',
          card_mode: 0,
          is_work: false,
        })),
      )
      .execute();
  });
  afterAll(() => t.close());

  it('answers 400 naming the limit when the filters match more rows, and the whole file when they do not', async () => {
    const over = await t.app.inject({ url: '/api/eventlog/exportAccessReport', headers: { token: admin.token, 'x-lang': 'english' } });
    expect(over.statusCode).toBe(400);
    expect(over.json().msgs).toEqual(['The export has more than 3 rows: narrow the filters and export again']);
    const zh = await t.app.inject({ url: '/api/eventlog/exportAccessReport', headers: { token: await t.tokenFor(admin.id, 'zh-CN') } });
    expect(zh.json().msgs).toEqual(['导出数据超过3条，请缩小筛选范围后再导出']);

    const fits = await t.app.inject({ url: '/api/eventlog/exportAccessReport?deviceName=GATE', headers: { token: admin.token } });
    expect(fits.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fits.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]?.rowCount).toBe(4); // header + 3
  });
});

describe('a streamed export follows the client', () => {
  it('stops reading rows when the client goes away', async () => {
    const total = 1_000_000;
    let produced = 0;
    let finished!: () => void;
    const ended = new Promise<void>((resolve) => {
      finished = resolve;
    });
    async function* rows() {
      try {
        for (; produced < total; produced++) yield [produced, `row ${produced}`, 'a value wide enough to fill the buffers'];
      } finally {
        finished();
      }
    }
    const app = Fastify();
    app.get('/export', async (_req, reply) => {
      await streamWorkbook(reply, 'x.xlsx', 'sheet', ['n', 'text', 'filler'], rows());
      return reply;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    try {
      await new Promise<void>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/export' }, (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' ? resolve() : reject(e)));
      });
      await ended;
      expect(produced).toBeLessThan(total / 4);
    } finally {
      await app.close();
    }
  }, 60_000);
});
