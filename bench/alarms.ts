import { sql } from 'kysely';
import { buildApp } from '../packages/server/src/app.ts';
import { boot } from '../packages/server/src/boot.ts';
import { testConfig } from '../packages/server/src/config.ts';
import { insertAccount } from '../packages/server/src/modules/account/insert.ts';
import { openSession } from '../packages/server/src/http/auth.ts';
import { percentile, timeIt } from './lib.ts';

const LARGE = 300_000;
const SMALL = 1_000;

/**
 * The alarm list of a manager (2 of 20 communities) on a large table against the
 * same calls on a small one, in the same run: the ratio says whether the indexes
 * keep the first page and the "not acknowledged" filter flat as the table grows.
 */
export async function alarmsBench() {
  const small = await runOnce(SMALL);
  const large = await runOnce(LARGE);
  const ratios = Object.fromEntries(Object.keys(small.p50ms).map((k) => [k, +(large.p50ms[k] / small.p50ms[k]).toFixed(2)]));
  return {
    name: `alarm list, ${LARGE} vs ${SMALL} rows (PGlite)`,
    small,
    large,
    ratios,
    note: 'ratio = p50 on the large table divided by p50 on the small one',
  };
}

async function runOnce(rows: number) {
  const booted = await boot(testConfig({ LOG_LEVEL: 'silent' }), { inMemoryDb: true, mqtt: false });
  const db = booted.services.db;
  const ids: number[] = [];
  for (let i = 0; i < 20; i++) {
    const c = await db
      .insertInto('community')
      .values({ name: `Community ${i}`, location: 'L', address: 'A', ip: null, type: 0, reg_no: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(c.id);
  }
  const accountId = await insertAccount(db, { regNo: '13900009998', name: 'Bench', password: 'Bench123', roleId: 4 });
  await db
    .insertInto('account_community')
    .values(ids.slice(0, 2).map((c) => ({ account_id: accountId, community_id: c })))
    .execute();
  // one alarm a minute back in time, communities in turn, every unit back online, 1 in 100 not acknowledged yet
  await sql`
    insert into alarm (device_id, eid, serial, community_id, device_name, kind, time, cleared_at, ack_at, ack_regno)
    select i % 500, 'b' || i, 'S' || (i % 500), (${sql.val(ids)}::int[])[1 + i % 20], 'Gate ' || (i % 500),
           (array['forced','heldOpen','tamper','duress','offline'])[1 + (i / 20) % 5], now() - i * interval '1 minute',
           now() - i * interval '1 minute' + interval '5 minutes',
           case when i % 100 = 0 then null else now() end, case when i % 100 = 0 then null else '13900009998' end
    from generate_series(1, ${rows}) i`.execute(db);
  await sql`analyze alarm`.execute(db);
  const token = await openSession(db, { accountId, roleId: 4 });
  const app = await buildApp(booted.services);
  const page = (q: string) => async () => {
    const res = await app.inject({ url: `/api/alarm/getAlarmPage?${q}`, headers: { token } });
    if (res.statusCode !== 200) throw new Error(res.body);
  };
  const calls: Record<string, string> = {
    firstPage: 'rows=50',
    notAcknowledged: 'acknowledged=0&rows=50',
    kind: 'kind=tamper&rows=50',
  };
  const p50ms: Record<string, number> = {};
  for (const [name, q] of Object.entries(calls)) {
    await page(q)();
    p50ms[name] = +percentile(await timeIt(20, page(q)), 50).toFixed(2);
  }
  await app.close();
  await booted.shutdown();
  return { rows, p50ms };
}
