import crypto from 'node:crypto';
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
  it('waits while the client does not read, and stops reading rows when the client goes away', async () => {
    const total = 1_000_000;
    let produced = 0;
    let finished!: () => void;
    const ended = new Promise<void>((resolve) => {
      finished = resolve;
    });
    async function* rows() {
      try {
        // Hex of random bytes: compresses little, so the buffers in between hold few rows.
        for (; produced < total; produced++) yield [produced, `row ${produced}`, crypto.randomBytes(24).toString('hex')];
      } finally {
        finished();
      }
    }
    const app = Fastify();
    app.get('/export', async (_req, reply) => {
      await streamWorkbook(reply, 'x.xlsx', 'sheet', ['n', 'text', 'filler'], rows(), total);
      return reply;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    // Until the rows made stay the same for a whole second (the buffers in between are full and
    // the writer waits); a loaded machine only makes this take longer, it cannot pass it wrongly:
    // without backpressure all the rows would be made.
    const settled = async () => {
      for (let last = -1; produced !== last; ) {
        last = produced;
        await sleep(1000);
      }
      return produced;
    };
    try {
      let header: string | undefined;
      let waiting = 0;
      let atClose = 0;
      await new Promise<void>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/export' }, (res) => {
          header = res.headers['x-export-rows'] as string;
          let got = 0;
          res.on('data', (b: Buffer) => {
            got += b.length;
            if (got < 300_000 || res.isPaused()) return;
            res.pause();
            // The client stops reading: the server fills the buffers in between, then waits.
            void settled().then((n) => {
              waiting = n;
              atClose = produced;
              req.destroy();
              resolve();
            });
          });
        });
        req.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' ? resolve() : reject(e)));
      });
      await ended;
      expect(header).toBe(String(total));
      expect(waiting).toBeGreaterThan(0);
      expect(waiting).toBeLessThan(total / 4);
      expect(produced - atClose).toBeLessThan(1000);
      expect(produced).toBeLessThan(total / 4);
    } finally {
      await app.close();
    }
  }, 120_000);
});
