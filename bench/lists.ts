import type { RoleId } from '../packages/contracts/src/index.ts';
import path from 'node:path';
import Fastify from 'fastify';
import { CompiledQuery } from 'kysely';
import type { Db } from '../packages/server/src/db/index.ts';
import { buildApp } from '../packages/server/src/app.ts';
import { boot } from '../packages/server/src/boot.ts';
import { testConfig } from '../packages/server/src/config.ts';
import { FULL_SCALE, generateScale, type ScaleSize } from '../packages/server/src/demo/scale.ts';
import { openSession } from '../packages/server/src/http/auth.ts';
import { insertAccount } from '../packages/server/src/modules/account/insert.ts';
import { freshPostgres } from '../packages/server/src/test/harness.ts';
import { percentile, timeIt } from './lib.ts';

/**
 * Every list at scale (`npm run bench -- lists`): the scale generator fills the real
 * tables (10M access events, 1M commands, 1M cards, 100k accounts, 1M op-log rows by
 * default; BENCH_SCALE=0.1 for a tenth), then each case's API p95 (signed-in request
 * through the whole app, in process) is set against the p95 of the list's own
 * statements (those the route ran, less the session lookup) executed bare on the same
 * database in the same run. Ratio goal: ≤ 2. Beside them, the floor: a bare Fastify route (no
 * sign-in, no validation, no query building) running the same statements in turn and answering
 * their rows in the same envelope, called the same way: what a route costs over its statements
 * before any of the product's own work.
 *
 * BENCH_CASES=faces,op log runs only the cases whose name contains one of the parts;
 * BENCH_EXPLAIN=1 prints each case's own statements with their plans as run (EXPLAIN ANALYZE);
 * BENCH_TRACE=1 prints, for the API calls at the median and at p95, when each statement went to the
 * driver and when it ended, in ms from the call's start (where a slow call's time went).
 *
 * BENCH_REUSE=1 (with DATABASE_URL) runs on that database itself instead of a fresh one and
 * keeps it: it generates only when access_event is empty, so a second run (after a new
 * migration, say: boot migrates) measures the same rows without generating them again.
 * BENCH_PGLITE_DIR=<dir> does the same for PGlite: its database lives in <dir> (on disk, not in
 * memory, which the full scale does not fit in) and is kept there.
 */
const CASES: [string, string, Record<string, unknown>, 'admin' | 'manager'][] = [
  ['access log, first page', '/eventlog/getAccessLogPage', {}, 'admin'],
  ['access log, communityName', '/eventlog/getAccessLogPage', { communityName: 'S' }, 'admin'],
  ["access log, manager's scope", '/eventlog/getAccessLogPage', {}, 'manager'],
  ['access log, result=1', '/eventlog/getAccessLogPage', { result: 1 }, 'admin'],
  ['access log, type=5', '/eventlog/getAccessLogPage', { type: 5 }, 'admin'],
  ['access log, account prefix', '/eventlog/getAccessLogPage', { account: '1300001' }, 'admin'],
  ['access log, CARD_NUM prefix', '/eventlog/getAccessLogPage', { CARD_NUM: '00000123' }, 'admin'],
  ['access log, unlockUserName contains', '/eventlog/getAccessLogPage', { unlockUserName: '户1234' }, 'admin'],
  ['entrance report', '/eventlog/getAccessReportlistByPage', {}, 'admin'],
  ['punch records', '/attendance/getPunchlistByPage', {}, 'admin'],
  ['commands, first page', '/command/getCommandsPage', {}, 'admin'],
  ['commands, address contains', '/command/getCommandsPage', { address: '栋门口机 11' }, 'admin'],
  ['commands, sort by updateTime', '/command/getCommandsPage', { sort: 'updateTime', order: 'desc' }, 'admin'],
  ['commands, status=3', '/command/getCommandsPage', { status: 3 }, 'admin'],
  ['gate cards', '/card/getGateAccessesPage', { ismjtk: 1 }, 'admin'],
  ['gate cards, by account', '/card/getGateAccessesPage', { ismjtk: 1, account: '1300003' }, 'admin'],
  ['faces', '/face/getFaces', {}, 'admin'],
  ['accounts', '/account/searchAccounts', {}, 'admin'],
  ['op log', '/oplog/getOpLogPage', {}, 'admin'],
  ['op log, account prefix', '/oplog/getOpLogPage', { regno: '1300002' }, 'admin'],
  ['alarms', '/alarm/getAlarmPage', {}, 'admin'],
];

export async function listsBench() {
  const factor = Number(process.env.BENCH_SCALE ?? 1);
  const size = Object.fromEntries(
    Object.entries(FULL_SCALE).map(([k, v]) => [k, ['communities', 'doorUnits'].includes(k) ? v : Math.max(100, Math.round(v * factor))]),
  ) as unknown as ScaleSize;
  const variants = [];
  if (process.env.DATABASE_URL && process.env.BENCH_REUSE === '1') {
    variants.push(await runOnce(size, process.env.DATABASE_URL));
  } else if (process.env.DATABASE_URL) {
    const pgdb = await freshPostgres();
    variants.push(await runOnce(size, pgdb.url));
    await pgdb.drop();
  }
  if (process.env.BENCH_PGLITE !== '0') variants.push(await runOnce(size, undefined, process.env.BENCH_PGLITE_DIR));
  return {
    name: 'every list at scale: API p95 vs the same statements run bare',
    size,
    variants,
    goal: 'ratio ≤ 2 and API p95 ≤ 50 ms',
    note: 'floorRatio: a bare Fastify route running the same statements in turn, against the statements run bare',
  };
}

async function runOnce(size: ScaleSize, databaseUrl: string | undefined, pgliteDir?: string) {
  const statements: CompiledQuery[] = [];
  let recording = false;
  /** The statements of the API call under way, as they end (BENCH_TRACE=1). */
  let trace: { label: string; ms: number; end: number }[] | null = null;
  const config = testConfig({ LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, ...(pgliteDir ? { dataDir: path.resolve(pgliteDir) } : {}) });
  const booted = await boot(config, {
    inMemoryDb: !pgliteDir,
    mqtt: false,
    onQuery: (q) => {
      if (recording) statements.push(CompiledQuery.raw(q.sql, [...q.parameters]));
      trace?.push({ label: statementLabel(q.sql), ms: q.ms ?? 0, end: performance.now() });
    },
  });
  const db = booted.services.db;
  const t0 = performance.now();
  const reused = !!(await db.selectFrom('access_event').select('id').limit(1).executeTakeFirst());
  if (!reused) await generateScale(db, size);
  const generatedSec = reused ? null : Math.round((performance.now() - t0) / 1000);
  const benchAccount = async (regNo: string, name: string, roleId: RoleId) =>
    (await db.selectFrom('account').select('id').where('reg_no', '=', regNo).executeTakeFirst())?.id ??
    (await insertAccount(db, { regNo, name, password: 'Bench123', roleId }));
  const admin = await benchAccount('13999990001', 'Bench', 1);
  const manager = await benchAccount('13999990002', 'Manager', 4);
  const mine = await db.selectFrom('community').select('id').orderBy('id').limit(3).execute();
  await db
    .insertInto('account_community')
    .values(mine.map((c) => ({ account_id: manager, community_id: c.id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  const tokens = {
    admin: await openSession(db, { accountId: admin, roleId: 1 }),
    manager: await openSession(db, { accountId: manager, roleId: 4 }),
  };
  const app = await buildApp(booted.services);
  let own: CompiledQuery[] = [];
  const bareRoute = Fastify();
  bareRoute.get('/floor', async () => {
    const content = [];
    for (const st of own) content.push((await db.executeQuery(st)).rows);
    return { status: 0, msgs: [], content };
  });
  await bareRoute.ready();
  const results = [];
  const only = process.env.BENCH_CASES?.split(',').filter(Boolean);
  for (const [name, path, input, who] of CASES) {
    if (only?.length && !only.some((o) => name.includes(o))) continue;
    const query = Object.fromEntries(Object.entries({ page: 0, rows: 20, ...input }).map(([k, v]) => [k, String(v)]));
    const call = async () => {
      const res = await app.inject({ method: 'GET', url: `/api${path}`, query, headers: { token: tokens[who], 'x-lang': 'english' } });
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    };
    await call();
    statements.length = 0;
    recording = true;
    await call();
    recording = false;
    // The list's own statements: who-is-calling (the session) is the pipeline's cost, measured on the API side.
    own = statements.filter((st) => !/"session"/.test(st.sql));
    if (process.env.BENCH_EXPLAIN === '1') await explain(db, name, own);
    // 300 runs a side: a p95 of 100 was the fifth-worst run, one scheduler hiccup on this shared machine either way.
    const runs = Number(process.env.BENCH_RUNS ?? 300);
    const runBare = async () => {
      for (const st of own) await db.executeQuery(st);
    };
    const callFloor = async () => {
      const res = await bareRoute.inject({ method: 'GET', url: '/floor', query, headers: { token: tokens[who], 'x-lang': 'english' } });
      if (res.statusCode !== 200) throw new Error(`${name} (floor): ${res.statusCode}`);
    };
    // API and bare runs interleaved (the order alternating), so the shared machine's load,
    // which comes and goes over seconds, weighs on both sides alike.
    const api: number[] = [];
    const bare: number[] = [];
    const floor: number[] = [];
    const traces: { total: number; steps: string }[] = [];
    const tracedCall = async () => {
      trace = [];
      const t0 = performance.now();
      await call();
      const total = performance.now() - t0;
      traces.push({
        total,
        steps: trace.map((t) => `${t.label} ${(t.end - t.ms - t0).toFixed(2)}→${(t.end - t0).toFixed(2)}`).join(' | '),
      });
      trace = null;
      return total;
    };
    for (let i = 0; i < runs; i++) {
      if (i % 2) bare.push(...(await timeIt(1, runBare)));
      api.push(process.env.BENCH_TRACE === '1' ? await tracedCall() : ((await timeIt(1, call))[0] ?? 0));
      floor.push(...(await timeIt(1, callFloor)));
      if (!(i % 2)) bare.push(...(await timeIt(1, runBare)));
    }
    const apiP95 = percentile(api, 95);
    const bareP95 = percentile(bare, 95);
    const floorP95 = percentile(floor, 95);
    const over = (x: number) => +(x / Math.max(bareP95, 0.1)).toFixed(2);
    results.push({
      name,
      apiP95ms: +apiP95.toFixed(1),
      bareP95ms: +bareP95.toFixed(1),
      ratio: over(apiP95),
      floorP95ms: +floorP95.toFixed(1),
      floorRatio: over(floorP95),
    });
    console.log(`  ${name}: API p95 ${apiP95.toFixed(1)} ms, bare ${bareP95.toFixed(1)} ms, bare Fastify route ${floorP95.toFixed(1)} ms`);
    if (traces.length) {
      traces.sort((a, b) => a.total - b.total);
      for (const p of [50, 95]) {
        const t = traces[Math.min(traces.length - 1, Math.floor((p / 100) * traces.length))];
        if (t) console.log(`    p${p} call ${t.total.toFixed(2)} ms: ${t.steps}`);
      }
    }
  }
  await app.close();
  await bareRoute.close();
  await booted.shutdown();
  return { database: databaseUrl ? 'postgres' : 'pglite', generatedSec, reused, results };
}

/** A statement's part in a list call, for the trace. */
function statementLabel(sqlText: string): string {
  if (/"session"/.test(sqlText)) return 'who is calling';
  if (/^\s*explain/i.test(sqlText)) return 'estimate';
  if (/^\s*select count\(/i.test(sqlText)) return 'count';
  return 'rows';
}

/** Prints a case's statements with the plan each ran with (EXPLAIN (ANALYZE, BUFFERS)). */
async function explain(db: Db, name: string, own: CompiledQuery[]) {
  for (const st of own.filter((x) => !/^\s*explain/i.test(x.sql))) {
    const plan = await db.executeQuery<Record<string, string>>(
      CompiledQuery.raw(`explain (analyze, buffers) ${st.sql}`, [...st.parameters]),
    );
    console.log(`\n-- ${name}\n${st.sql}\n${JSON.stringify(st.parameters)}\n${plan.rows.map((r) => Object.values(r)[0]).join('\n')}`);
  }
}
