/**
 * A demo start for the browser checks that look at every screen (layout, accessibility,
 * narrow screens) and for `npm run screenshots`: the real app as `npm start` runs it with
 * DEMO=1 (demo data, demo door units, their history), in a fresh data directory, on
 * DEMO_PORT with its embedded broker on DEMO_MQTT_PORT. Once the demo's history is in,
 * it prints one line `DEMO-READY {json}` with the administrator's session tokens (one per
 * language) and the ids the parameterised screens need. Test harness, not product.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROUTES } from '@gatehouse/contracts';
import { buildApp } from '../../packages/server/src/app.ts';
import { boot } from '../../packages/server/src/boot.ts';
import { loadConfig } from '../../packages/server/src/config.ts';
import { seedDemo } from '../../packages/server/src/demo/data.ts';
import { startDemoDevices } from '../../packages/server/src/demo/devices.ts';
import { openSession } from '../../packages/server/src/http/auth.ts';
import { ensureAdmin } from '../../packages/server/src/modules/account/insert.ts';

const port = Number(process.env.DEMO_PORT);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-demo-'));
const config = loadConfig({
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  CAPTCHA: 'off',
  DEMO: '1',
  LOG_LEVEL: 'warn',
  MQTT_URL: '',
  MQTT_PORT: String(process.env.DEMO_MQTT_PORT),
  DATABASE_URL: '',
});
const booted = await boot(config);
const { db } = booted.services;
const admin = await ensureAdmin(db, config.ADMIN_PHONE, config.ADMIN_PASSWORD);
await seedDemo(db, config.dataDir);
const stopDevices = await startDemoDevices(booted.services, { bindNew: true });
const app = await buildApp(booted.services);
await app.listen({ port, host: '127.0.0.1' });

const adminRow = await db.selectFrom('account').select(['id', 'role_id']).where('reg_no', '=', admin.phone).executeTakeFirstOrThrow();
const tokens: Record<string, string> = {};
for (const lang of ['zh-CN', 'zh-TW', 'en']) {
  tokens[lang] = await openSession(db, { accountId: adminRow.id, roleId: adminRow.role_id, lang, ip: '127.0.0.1' });
}
const get = async <T>(route: { path: string }, q: Record<string, string | number>): Promise<T> => {
  const qs = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]));
  const res = await app.inject({ method: 'GET', url: `/api${route.path}?${qs}`, headers: { token: tokens.en ?? '' } });
  return (res.json() as { content: T }).content;
};
type Rows = { rows: Record<string, unknown>[] };
/** Waits (event by event, no fixed sleep budget) until a list the demo's history fills has rows. */
async function rowsOf(what: string, load: () => Promise<Rows>, ok: (r: Rows) => boolean = (r) => r.rows.length > 0): Promise<Rows> {
  for (let i = 0; i < 600; i++) {
    const r = await load();
    if (r && ok(r)) return r;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`demo history: ${what} stays empty`);
}

const door = await db
  .selectFrom('device as d')
  .innerJoin('address as a', 'a.id', 'd.address_id')
  .select(['a.id', 'a.community_id'])
  .orderBy('d.serial')
  .executeTakeFirstOrThrow();
const companies = await rowsOf('attendance companies', () => get<Rows>(ROUTES.attendance.getDailycheckCompanies, { page: 0, rows: 50 }));
const worklist = (communityId: number) => get<Rows>(ROUTES.attendance.getAccessWorklistByPage, { page: 0, rows: 50, communityId });
// The company whose people punch at the demo units (the one with an attendance rule).
let comId = 0;
const work = await rowsOf('daily detail', async () => {
  for (const c of companies.rows) {
    const r = await worklist(Number(c.communityid));
    comId = Number(c.communityid);
    if (r.rows.length) return r;
  }
  return { rows: [] };
});
await rowsOf(
  'visitor QR scans',
  () => get<Rows>(ROUTES.eventlog.getQrcodelistByPage, { page: 0, rows: 50 }),
  (r) => r.rows.some((x) => Number(x.used) > 0),
);
const first = work.rows[0] as { account: string; datetime: string };
await rowsOf('punch records', () =>
  get<Rows>(ROUTES.attendance.getPunchlistByPage, {
    page: 0,
    rows: 50,
    communityId: comId,
    account: first.account,
    starttime: `${first.datetime} 00:00:00`,
    endtime: `${first.datetime} 23:59:59`,
  }),
);

const ready = {
  port,
  tokens,
  communityId: door.community_id,
  addressId: door.id,
  comId,
  punch: { account: first.account, date: first.datetime.replaceAll('/', '-') },
};
console.log(`DEMO-READY ${JSON.stringify(ready)}`);

const stop = async () => {
  await stopDevices();
  await app.close();
  await booted.shutdown();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
