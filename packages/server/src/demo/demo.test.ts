import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { CMD_KIND, CMD_STATUS, type Page, ROUTES } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendorAdapters } from '../devices/adapters/index.ts';
import { startDemoDevices } from './devices.ts';
import { DEMO_WEBHOOK_URL } from './office-history.ts';
import { checkPhoto } from '../faces/photo.ts';
import { isSealed, sealedFiles } from '../faces/sealed-files.ts';
import { formatDateTime } from '../http/dates.ts';
import { ensureAdmin } from '../modules/account/insert.ts';
import { until } from '../test/devices.ts';
import { type TestApp, testApp } from '../test/harness.ts';
import { seedDemo } from './data.ts';

let t: TestApp;
let stop: (() => Promise<void>) | undefined;
beforeAll(async () => {
  t = await testApp({
    mqtt: true,
    config: { MQTT_TOPIC_PREFIX: `ghd${crypto.randomBytes(3).toString('hex')}` },
    // The demo's Hikvision and ZKTeco terminals are driven by the vendor adapters, as under `npm start`.
    adapters: vendorAdapters({ HIK_POLL_MS: 1000, HIK_TIMEOUT_MS: 10_000 }),
  });
});
afterAll(async () => {
  await stop?.();
  await t.close();
});

describe('demo data (DEMO=1)', () => {
  it('seeds accounts, cards and faces whose photos pass the face check, and the demo units receive them', async () => {
    await ensureAdmin(t.db, t.config.ADMIN_PHONE, t.config.ADMIN_PASSWORD); // as main.ts does before the demo
    const accounts = await seedDemo(t.db, t.config.dataDir);
    expect(accounts.map((a) => a.roleId).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 7, 8, 9, 10, 11]);
    expect(await seedDemo(t.db, t.config.dataDir)).toEqual([]); // only on an empty database

    const faces = await t.db
      .selectFrom('face as f')
      .innerJoin('stored_file as s', 's.id', 'f.photo_file_id')
      .select(['f.id', 'f.account', 's.path'])
      .orderBy('f.id')
      .execute();
    expect(faces.map((f) => f.account)).toEqual(['13900000007', '13900000005']);
    // Stored sealed (PHOTO_KEY, docs/privacy.md); opened, each is a photo that passes the face check.
    for (const f of faces) {
      const stored = fs.readFileSync(path.join(t.config.dataDir, f.path));
      expect(isSealed(stored)).toBe(true);
      await checkPhoto(sealedFiles(t.config).open(stored));
    }
    expect((await t.db.selectFrom('card').select('id').execute()).length).toBe(4);

    // The demo's ZKTeco terminal polls the server over HTTP, as under `npm start`.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    stop = await startDemoDevices(t.services, { bindNew: true, serverUrl: `http://127.0.0.1:${port}` });
    const facePuts = () => t.db.selectFrom('command').select(['status', 'payload']).where('kind', '=', CMD_KIND.facePut).execute();
    // Each demo face goes to the four face-capable door units of its community (two MQTT units, the
    // Hikvision and the ZKTeco terminal); the units answer them (a demo MQTT unit fails about one
    // command in twenty on purpose, so "answered" is success or failure).
    await until(
      async () => {
        const rows = await facePuts();
        return rows.length === 8 && rows.every((r) => r.status === CMD_STATUS.success || r.status === CMD_STATUS.failed);
      },
      90_000,
      'demo faces answered by the demo units',
    ).catch(async (e: unknown) => {
      throw new Error(`${e}: ${JSON.stringify((await facePuts()).map((r) => r.status))}`);
    });
    const payloads = (await facePuts()).map(
      (r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as { imgBase64: string },
    );
    for (const p of payloads) expect(Buffer.from(p.imgBase64, 'base64').subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // the alarm records are not empty on a fresh demo
    await until(
      async () => (await t.db.selectFrom('alarm').select('kind').where('eid', 'is not', null).execute()).length === 2,
      20_000,
      'demo alarms',
    );
    const kinds = await t.db.selectFrom('alarm').select('kind').where('eid', 'is not', null).orderBy('kind').execute();
    expect(kinds.map((k) => k.kind)).toEqual(['heldOpen', 'tamper']);

    // One door unit of each kind: the vendor terminals are in the pool with their kind, bound to
    // their doors, the Hikvision one with its loopback address and a sealed password; the emulators
    // take every command of their whole configuration (they fail none on purpose; a table the
    // history changed again is superseded).
    const units = await t.db
      .selectFrom('device as d')
      .innerJoin('address as a', 'a.id', 'd.address_id')
      .select(['d.id', 'd.serial', 'd.unit_kind', 'd.vendor_host', 'd.vendor_secret_box', 'a.name'])
      .where('d.unit_kind', '!=', 'gatehouse-mqtt')
      .orderBy('d.serial')
      .execute();
    expect(units.map((u) => [u.serial, u.unit_kind, u.name])).toEqual([
      ['DEMO-HIK-0001', 'hik-isapi', '东门海康门禁'],
      ['DEMO-ZK-0001', 'zk-push', '西门中控门禁'],
    ]);
    expect(units[0]).toMatchObject({ vendor_host: '127.0.0.1', vendor_secret_box: expect.any(String) });
    const vendorCommands = () =>
      t.db
        .selectFrom('command')
        .select(['device_id', 'kind', 'status', 'info'])
        .where(
          'device_id',
          'in',
          units.map((u) => u.id),
        )
        .execute();
    await until(
      async () => {
        const rows = await vendorCommands();
        const done = rows.every((r) => r.status === CMD_STATUS.success || r.status === CMD_STATUS.cancelled);
        return units.every((u) => rows.some((r) => r.device_id === u.id)) && done;
      },
      90_000,
      'the vendor terminals hold their configuration',
    ).catch(async (e: unknown) => {
      throw new Error(`${e}: ${JSON.stringify((await vendorCommands()).filter((r) => r.status < CMD_STATUS.success))}`);
    });
    const cardPuts = (await vendorCommands()).filter((r) => r.kind === CMD_KIND.cardPut);
    for (const u of units) expect(cardPuts.filter((r) => r.device_id === u.id).length, u.serial).toBeGreaterThan(0);
  }, 240_000);

  it('fills every list of the demo supervisor with a few days of history, all in the past', async () => {
    const sup = await t.db.selectFrom('account').select('id').where('reg_no', '=', '13900000004').executeTakeFirstOrThrow();
    const token = await t.tokenFor(sup.id);
    const [c1] = await t.db.selectFrom('community').select('id').orderBy('id').limit(1).execute();
    const door = await t.db
      .selectFrom('device as d')
      .innerJoin('address as a', 'a.id', 'd.address_id')
      .select('a.id')
      .where('a.community_id', '=', c1?.id ?? 0)
      .orderBy('d.serial')
      .executeTakeFirstOrThrow();
    const day = (daysAgo: number) => formatDateTime(new Date(Date.now() - daysAgo * 86_400_000), t.config.TZ_NAME).slice(0, 10);
    const list = async (route: { path: string }, q: Record<string, unknown> = {}) => {
      const res = await t.get<Page<Record<string, unknown>>>(route.path, { page: 0, rows: 50, ...q }, token);
      expect(res.body.status, `${route.path}: ${res.body.msgs.join('; ')}`).toBe(200);
      return res.body.content.rows;
    };
    const A = ROUTES.attendance;
    const punches = { communityId: c1?.id, starttime: day(4), endtime: day(0) };
    await until(async () => (await list(A.getPunchlistByPage, punches)).length >= 8, 20_000, 'demo punches');
    const visitors = () => list(ROUTES.eventlog.getQrcodelistByPage);
    await until(async () => (await visitors()).some((r) => Number(r.used) > 0), 20_000, 'demo visitor QR scans');

    // the supervisor's office work of the last days: rule, import, notices, QR codes on three different days
    const ops = await list(ROUTES.oplog.getOpLogPage);
    expect(new Set(ops.map((r) => String(r.addtime).slice(0, 10))).size).toBeGreaterThanOrEqual(3);
    const messages = await list(ROUTES.message.getMessagesPage);
    expect(messages.length).toBeGreaterThan(0);
    const notices = await list(ROUTES.notice.getNoticesPage);
    expect(notices.length).toBe(2);
    expect(JSON.stringify(notices)).toContain('.txt');
    expect((await visitors()).length).toBeGreaterThan(0);
    expect((await list(A.getAccessWorklistByPage, { communityId: c1?.id, starttime: day(4), endtime: day(0) })).length).toBeGreaterThan(0);
    expect((await list(ROUTES.address.getAmts, { addressId: door.id })).length).toBe(4);
    expect((await list(ROUTES.alarm.getAlarmPage)).length).toBeGreaterThan(0);

    // history is in the past, and the demo units got their call-code tables
    const now = new Date();
    const future = await Promise.all([
      t.db.selectFrom('access_event').select('id').where('time', '>', now).execute(),
      t.db.selectFrom('op_log').select('id').where('addtime', '>', now).execute(),
      t.db.selectFrom('message').select('id').where('created_at', '>', now).execute(),
      t.db.selectFrom('notice').select('id').where('created_at', '>', now).execute(),
      t.db.selectFrom('visitor_qrcode').select('id').where('created_at', '>', now).execute(),
    ]);
    expect(future.flat()).toEqual([]);
    const tables = await t.db.selectFrom('command').select('status').where('kind', '=', CMD_KIND.callCodes).execute();
    expect(tables.length).toBeGreaterThan(0);

    // access rules (/access/rules): the cleaners' schedule, two holidays, a group of both door units
    // given to the patrol card; its holder's review shows the group, and the unused tab lists old cards
    const R = ROUTES.rules;
    const schedules = await t.get<{ name: string; groupCount: number }[]>(R.getSchedules.path, { communityId: c1?.id }, token);
    expect(schedules.body.content.map((s) => [s.name, s.groupCount])).toContainEqual(['保洁员', 1]);
    const holidays = await t.get<{ name: string }[]>(R.getHolidays.path, { communityId: c1?.id }, token);
    expect(holidays.body.content.map((h) => h.name)).toEqual(['元旦', '劳动节']);
    const groups = await t.get<{ name: string; units: unknown[]; cardCount: number }[]>(R.getGroups.path, { communityId: c1?.id }, token);
    expect(groups.body.content.map((g) => [g.name, g.units.length, g.cardCount])).toEqual([['保洁通道', 2, 1]]);
    const review = await t.get<{ credentials: { label: string; groups: { name: string }[] }[] }>(
      ROUTES.review.getReview.path,
      { account: '13900000005' },
      token,
    );
    expect(review.body.status, review.body.msgs.join('; ')).toBe(200);
    const patrol = review.body.content.credentials.find((c) => c.label === '10000002');
    expect(patrol?.groups.map((g) => g.name)).toEqual(['保洁通道']);
    expect((await list(ROUTES.review.getUnusedPage, { days: 90 })).map((r) => r.label).sort()).toEqual(['10000002', '10000004']);

    // the overview (/overview) has today's traffic at the first community, whatever the hour of the start
    await until(
      async () => {
        const ov = await t.get<{ communities: { communityId: number; opensToday: number; refusedToday: number }[] }>(
          ROUTES.live.getOverview.path,
          {},
          token,
        );
        const here = ov.body.content?.communities.find((c) => c.communityId === c1?.id);
        return (here?.opensToday ?? 0) > 0 && (here?.refusedToday ?? 0) > 0;
      },
      60_000,
      "today's opens and refusals on the overview",
    );

    // a webhook registration (/webhooks), disabled: nothing is ever queued for it
    const hooks = await t.db.selectFrom('webhook').select(['url', 'enabled']).execute();
    expect(hooks).toEqual([{ url: DEMO_WEBHOOK_URL, enabled: false }]);
    expect(await t.db.selectFrom('webhook_delivery').select('id').execute()).toEqual([]);
  });
});
