import { sql } from 'kysely';
import { buildApp } from '../packages/server/src/app.ts';
import { boot } from '../packages/server/src/boot.ts';
import { testConfig } from '../packages/server/src/config.ts';
import { generateScale, type ScaleSize } from '../packages/server/src/demo/scale.ts';
import { openSession } from '../packages/server/src/http/auth.ts';
import { insertAccount } from '../packages/server/src/modules/account/insert.ts';
import { freshPostgres } from '../packages/server/src/test/harness.ts';
import { percentile, timeIt } from './lib.ts';

/**
 * Access groups must not make the card or face lists slower (issue 13, `npm run bench -- groups`):
 * the card and face lists' API p95 without group assignments and with 10k assignments
 * (BENCH_GROUP_ASSIGNMENTS; cards given groups of door units with lift floors, a tenth as many
 * faces), on the same database in the same run, in alternating rounds (BENCH_ROUNDS, default 3).
 * Figure: p95 with / p95 without (goal ≤ 1.1). Cards: 20k × BENCH_SCALE (at least the assignments).
 */
const CASES: [string, string, Record<string, unknown>][] = [
  ['gate cards, first page', '/card/getGateAccessesPage', { ismjtk: 1 }],
  ['gate cards, by account', '/card/getGateAccessesPage', { ismjtk: 1, account: '1300003' }],
  ['lift cards, first page', '/card/getGateAccessesPage', { ismjtk: 2 }],
  ['faces, first page', '/face/getFaces', {}],
];

export async function groupsBench() {
  const factor = Number(process.env.BENCH_SCALE ?? 1);
  const assignments = Number(process.env.BENCH_GROUP_ASSIGNMENTS ?? 10_000);
  const size: ScaleSize = {
    communities: 5,
    doorUnits: 10,
    accounts: 2_000,
    events: 1_000,
    commands: 1_000,
    cards: Math.max(assignments, Math.round(20_000 * factor)),
    faces: Math.max(1_000, Math.round(5_000 * factor)),
    opLog: 1_000,
    alarms: 100,
  };
  const variants = [];
  if (process.env.DATABASE_URL) {
    const pgdb = await freshPostgres();
    variants.push(await runOnce(size, assignments, pgdb.url));
    await pgdb.drop();
  }
  if (process.env.BENCH_PGLITE !== '0') variants.push(await runOnce(size, assignments, undefined));
  return { name: 'card and face list p95 with and without 10k group assignments', size, assignments, variants, goal: 'ratio ≤ 1.1' };
}

async function runOnce(size: ScaleSize, assignments: number, databaseUrl: string | undefined) {
  const config = testConfig({ LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl });
  const seen: string[] = [];
  let recording = false;
  const booted = await boot(config, { inMemoryDb: true, mqtt: false, onQuery: (q) => void (recording && seen.push(q.sql)) });
  const db = booted.services.db;
  await generateScale(db, size);
  const admin = await insertAccount(db, { regNo: '13999990001', name: 'Bench', password: 'Bench123', roleId: 1 });
  const token = await openSession(db, { accountId: admin, roleId: 1 });
  const app = await buildApp(booted.services);
  const runs = Number(process.env.BENCH_RUNS ?? 20);

  /** Samples (ms) per case, added to across rounds. */
  const samples = (): Record<string, number[]> => Object.fromEntries(CASES.map(([name]) => [name, [] as number[]]));
  const measure = async (into: Record<string, number[]>) => {
    for (const [name, path, input] of CASES) {
      const query = Object.fromEntries(Object.entries({ page: 0, rows: 20, ...input }).map(([k, v]) => [k, String(v)]));
      const call = async () => {
        const res = await app.inject({ method: 'GET', url: `/api${path}`, query, headers: { token, 'x-lang': 'english' } });
        if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      };
      recording = true;
      await call();
      recording = false;
      await timeIt(2, call);
      into[name]?.push(...(await timeIt(runs, call)));
    }
  };

  // Groups: 20 per community, each of 5 door units with lift floors on the first; cards given
  // groups round-robin until `assignments` rows; a tenth as many faces. Kept aside in copies so
  // the rounds can switch the assignments on and off.
  await sql`insert into access_group (community_id, name)
    select c.id, 'G' || n from community c, generate_series(1, 20) n`.execute(db);
  await sql`insert into access_group_unit (group_id, address_id)
    select g.id, a.id from access_group g
    join lateral (select id from address where community_id = g.community_id and type = 0 order by id limit 5) a on true`.execute(db);
  await sql`insert into access_group_lift (group_id, address_id, resi_level, bank, node, gate_type, front_levels)
    select gu.group_id, min(gu.address_id), '01', 0, 0, 0, '["02","03"]'::jsonb from access_group_unit gu group by gu.group_id`.execute(db);
  await sql`create table bench_group_card as
    select g.id as group_id, c.id as card_id from (select id, community_id, row_number() over (partition by community_id order by id) as r from card) c
    join lateral (select id from access_group where community_id = c.community_id order by id offset (c.r % 20) limit 1) g on true
    order by c.id limit ${assignments}`.execute(db);
  await sql`create table bench_group_face as
    select g.id as group_id, f.id as face_id from (select id, community_id from face order by id limit ${Math.round(assignments / 10)}) f
    join lateral (select id from access_group where community_id = f.community_id order by id limit 1) g on true`.execute(db);
  const assigned = Number((await sql<{ n: number }>`select count(*)::int as n from bench_group_card`.execute(db)).rows[0]?.n ?? 0);
  const assign = async (on: boolean) => {
    await sql`delete from access_group_face`.execute(db);
    await sql`delete from access_group_card`.execute(db);
    if (on) {
      await sql`insert into access_group_card (group_id, card_id) select group_id, card_id from bench_group_card`.execute(db);
      await sql`insert into access_group_face (group_id, face_id) select group_id, face_id from bench_group_face`.execute(db);
    }
    await sql`analyze`.execute(db);
  };

  // Rounds alternate without / with, so a busy moment of the machine weighs on both.
  const without = samples();
  const withGroups = samples();
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  for (let r = 0; r < rounds; r++) {
    await assign(false);
    await measure(without);
    await assign(true);
    await measure(withGroups);
  }

  const results = CASES.map(([name]) => {
    const a = percentile(without[name] ?? [], 95);
    const b = percentile(withGroups[name] ?? [], 95);
    const a50 = percentile(without[name] ?? [], 50);
    const b50 = percentile(withGroups[name] ?? [], 50);
    const row = {
      name,
      withoutP95ms: +a.toFixed(1),
      withP95ms: +b.toFixed(1),
      ratio: +(b / Math.max(a, 0.1)).toFixed(2),
      p50Ratio: +(b50 / Math.max(a50, 0.1)).toFixed(2),
    };
    console.log(`  ${name}: p95 without ${row.withoutP95ms} ms, with ${row.withP95ms} ms, ratio ${row.ratio} (p50 ratio ${row.p50Ratio})`);
    return row;
  });
  await app.close();
  await booted.shutdown();
  // The lists' statements never read the group tables: what they cost does not depend on them.
  const listsReadGroups = seen.some((q) => /access_group/.test(q));
  return { database: databaseUrl ? 'postgres' : 'pglite', cardAssignments: assigned, listsReadGroups, results };
}
