import { sql } from 'kysely';
import { buildApp } from '../packages/server/src/app.ts';
import { boot } from '../packages/server/src/boot.ts';
import { testConfig } from '../packages/server/src/config.ts';
import { generateScale } from '../packages/server/src/demo/scale.ts';
import { openSession } from '../packages/server/src/http/auth.ts';
import { insertAccount } from '../packages/server/src/modules/account/insert.ts';
import { runFanOuts } from '../packages/server/src/modules/rules/fanout.ts';
import { freshPostgres } from '../packages/server/src/test/harness.ts';

/**
 * A big access group (issue 37 item 4, `npm run bench -- big-group`): BENCH_GROUP_CARDS cards
 * (default 100,000) in one group of 2 door units. Measured: the HTTP answer of saveGroup adding
 * 2 units and of deleteGroup (goal: at once, the work in the background), the background fan-out
 * that queues every member on the units, and the review of the household holding them. Baseline:
 * the same number of command rows written by one plain `insert … select` in the same run (ratio).
 */
export async function bigGroupBench() {
  const cards = Number(process.env.BENCH_GROUP_CARDS ?? 100_000);
  const variants = [];
  if (process.env.DATABASE_URL) {
    const pgdb = await freshPostgres();
    variants.push(await runOnce(cards, pgdb.url));
    await pgdb.drop();
  }
  if (process.env.BENCH_PGLITE !== '0') variants.push(await runOnce(cards, undefined));
  return { name: 'big access group: answers and background fan-out', cards, variants, goal: 'answers at once; fan-out ≤ 3× plain inserts' };
}

async function runOnce(cards: number, databaseUrl: string | undefined) {
  const config = testConfig({ LOG_LEVEL: 'error', DATABASE_URL: databaseUrl, GROUP_FANOUT_POLL_MS: 0 });
  const booted = await boot(config, { inMemoryDb: true, mqtt: false });
  const db = booted.services.db;
  const size = { communities: 1, doorUnits: 4, accounts: 100, events: 100, commands: 100, cards: 100, faces: 10, opLog: 10, alarms: 10 };
  await generateScale(db, size);
  const admin = await insertAccount(db, { regNo: '13999990002', name: 'Bench', password: 'Bench123', roleId: 1 });
  const token = await openSession(db, { accountId: admin, roleId: 1 });
  const app = await buildApp(booted.services);
  const call = async (method: 'GET' | 'POST', path: string, body: Record<string, unknown>) => {
    const t0 = performance.now();
    const res = await app.inject({
      method,
      url: `/api${path}`,
      ...(method === 'GET' ? { query: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])) } : { payload: body }),
      headers: { token, 'x-lang': 'english' },
    });
    const ms = performance.now() - t0;
    const parsed = JSON.parse(res.body) as { status: number; content: { id?: number } };
    if (parsed.status !== 200) throw new Error(`${path}: ${res.body.slice(0, 300)}`);
    return { ms: Math.round(ms), content: parsed.content };
  };
  const timed = async (fn: () => Promise<unknown>) => {
    const t0 = performance.now();
    await fn();
    return Math.round(performance.now() - t0);
  };

  const community = (await sql<{ id: number }>`select id from community order by id limit 1`.execute(db)).rows[0]?.id as number;
  const units = (
    await sql<{ id: number }>`select address_id as id from device where community_id = ${community} order by id`.execute(db)
  ).rows.map((r) => r.id);
  const home = (
    await sql<{ id: number }>`select id from address where community_id = ${community} and type <> 0 order by id limit 1`.execute(db)
  ).rows[0]?.id as number;
  await sql`insert into card (card_no, community_id, address_id, account, card_type, card_mode)
    select 'BG' || g, ${community}, ${home}, '13800006666', 'accesscard', 'ic' from generate_series(1, ${cards}) g`.execute(db);
  const created = await call('POST', '/rules/saveGroup', {
    communityId: community,
    name: 'Everyone',
    scheduleId: 0,
    units: units.slice(0, 2),
  });
  const groupId = created.content.id as number;
  await sql`insert into access_group_card (group_id, card_id) select ${groupId}, id from card where address_id = ${home}`.execute(db);
  await sql`analyze`.execute(db);

  const save = await call('POST', '/rules/saveGroup', { id: groupId, communityId: community, name: 'Everyone', scheduleId: 0, units });
  const saveFanOutMs = await timed(() => runFanOuts(booted.services));
  const queued = Number((await sql<{ n: number }>`select count(*)::int as n from command where kind = 'card.put'`.execute(db)).rows[0]?.n);
  const review = await call('GET', '/review/getReview', { addressId: home });
  const del = await call('POST', '/rules/deleteGroup', { id: groupId });
  const deleteFanOutMs = await timed(() => runFanOuts(booted.services));
  const withdrawn = Number(
    (await sql<{ n: number }>`select count(*)::int as n from command where kind = 'card.delete'`.execute(db)).rows[0]?.n,
  );

  // Baseline: the same number of command rows, one plain statement.
  const device = (await sql<{ id: number }>`select id from device where address_id = ${units[0]}`.execute(db)).rows[0]?.id as number;
  const baselineMs = await timed(() =>
    sql`insert into command (device_id, address_id, community_id, subject, account, type, kind, object_key, payload)
      select ${device}, ${units[0]}, ${community}, 'B 101', '13800006666', '001', 'bench', 'bench:' || g,
        json_build_object('cardId', 'BG' || g, 'account', '13800006666', 'status', 'enable')
      from generate_series(1, ${queued}) g`.execute(db),
  );
  await app.close();
  await booted.shutdown();
  const row = {
    database: databaseUrl ? 'postgres' : 'pglite',
    saveGroupAnswerMs: save.ms,
    saveFanOutMs,
    queuedPuts: queued,
    reviewAnswerMs: review.ms,
    deleteGroupAnswerMs: del.ms,
    deleteFanOutMs,
    queuedDeletes: withdrawn,
    plainInsertMs: baselineMs,
    saveFanOutRatio: +(saveFanOutMs / Math.max(1, baselineMs)).toFixed(2),
    deleteFanOutRatio: +(deleteFanOutMs / Math.max(1, baselineMs)).toFixed(2),
  };
  console.log(row);
  return row;
}
