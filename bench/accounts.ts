import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../packages/server/src/app.ts';
import { boot } from '../packages/server/src/boot.ts';
import { testConfig } from '../packages/server/src/config.ts';
import type { Db } from '../packages/server/src/db/index.ts';
import { insertAccount } from '../packages/server/src/modules/account/insert.ts';
import { openSession } from '../packages/server/src/http/auth.ts';
import { hashPassword } from '../packages/server/src/crypto/passwords.ts';
import { freshPostgres } from '../packages/server/src/test/harness.ts';
import { percentile, timeIt } from './lib.ts';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100_000);
const RUNS = 30;

/**
 * searchAccounts on 100k accounts, sorted by each sortable column and filtered by
 * each filter: p95 of the API call (token, grants, validation, scope, two queries,
 * presenter, envelope) against p95 of the bare SQL of the same page, in the same
 * run. The import of 100k accounts is the `imports` bench (imports.ts).
 */
export async function accountsBench() {
  const variants = [await runOnce(undefined)];
  if (process.env.DATABASE_URL) {
    const pg = await freshPostgres();
    variants.push(await runOnce(pg.url));
    await pg.drop();
  }
  return {
    name: `searchAccounts on ${ACCOUNTS} accounts vs bare SQL`,
    variants,
    note: 'ratio = p95 of the API call / p95 of the same page as bare SQL (page query + count), same database, same run.',
  };
}

async function seed(db: Db) {
  const communities: number[] = [];
  for (let i = 0; i < 50; i++) {
    const c = await db
      .insertInto('community')
      .values({ name: `Community ${i}`, location: 'L', address: 'A', ip: null, type: 0, reg_no: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    communities.push(c.id);
  }
  await sql`insert into address (community_id, address, name, type)
    select c.id, 'B' || (n / 20) || '-' || (100 + n % 20), 'H' || n, 1 from community c, generate_series(1, 200) n`.execute(db);
  const hash = await hashPassword('Bench123');
  // 100k accounts: 90% householders with an address, the rest staff, managers and door units.
  await sql`insert into account (reg_no, area_code, name, password_hash, role_id, state, community_id, address_id, face_limit, resident_limit, lang, reg_time)
    select (13000000000 + n)::text, '86', substr(md5(n::text), 1, 8), ${hash},
      case when n % 10 = 0 then 5 when n % 10 = 1 then 8 else 7 end, n % 3,
      (select id from community order by id offset (n % 50) limit 1),
      case when n % 10 >= 2 then (select id from address where community_id = (select id from community order by id offset (n % 50) limit 1) order by id offset (n % 200) limit 1) end,
      6, 3, 'en', now() - make_interval(secs => n)
    from generate_series(1, ${ACCOUNTS}) n`.execute(db);
  await sql`insert into account_community (account_id, community_id) select id, community_id from account where role_id = 5`.execute(db);
  await sql`update account set community_id = null where role_id = 5`.execute(db);
  await sql`analyze`.execute(db);
  return communities;
}

const tokenFor = (db: Db, accountId: number, roleId: number, communityId = 0) => openSession(db, { accountId, roleId, communityId });

const COLUMNS = { regNo: 'a.reg_no', name: 'a.name', roleID: 'a.role_id', state: 'a.state', regTime: 'a.reg_time' } as const;

/** The same page as hand-written SQL: the row query and the count, without the API around them. */
function bareSql(db: Db, adminId: number, f: Record<string, string>) {
  const where = [sql`a.id <> ${adminId}`, sql`a.role_id >= 1`];
  if (f.regNo) where.push(sql`a.reg_no like ${`%${f.regNo}%`}`);
  if (f.name) where.push(sql`a.name ilike ${`%${f.name}%`}`);
  if (f.addressStrs)
    where.push(sql`exists (select 1 from address ad where ad.id = a.address_id and ad.address ilike ${`%${f.addressStrs}%`})`);
  if (f.roleID) where.push(sql`a.role_id = ${Number(f.roleID)}`);
  if (f.state) where.push(sql`a.state = ${Number(f.state)}`);
  const w = sql.join(where, sql` and `);
  const col = f.sort ? sql.raw(COLUMNS[f.sort as keyof typeof COLUMNS]) : sql.raw('a.reg_time');
  const dir = sql.raw(f.sort ? 'asc' : 'desc');
  return async () => {
    await sql`select a.id, a.reg_no, a.area_code, a.name, a.role_id, a.state, a.reg_time,
        case when a.role_id in (4, 5) then (select string_agg(c.name, ', ' order by c.name) from account_community x join community c on c.id = x.community_id where x.account_id = a.id)
          else (select c.name from community c where c.id = a.community_id) end as community_names,
        (select ad.address from address ad where ad.id = a.address_id) as address
      from account a where ${w} order by ${col} ${dir}, a.id ${dir} limit 50`.execute(db);
    await sql`select count(*)::int as n from account a where ${w}`.execute(db);
  };
}

const CASES: Record<string, Record<string, string>> = {
  'default (newest first)': {},
  'sort regNo': { sort: 'regNo', order: 'asc' },
  'sort name': { sort: 'name', order: 'asc' },
  'sort roleID': { sort: 'roleID', order: 'asc' },
  'sort state': { sort: 'state', order: 'asc' },
  'sort regTime': { sort: 'regTime', order: 'asc' },
  'filter regNo': { regNo: '0004' },
  'filter name': { name: 'ab' },
  'filter addressStrs': { addressStrs: 'B3-10' },
  'filter roleID': { roleID: '5' },
  'filter state': { state: '2' },
};

async function runOnce(databaseUrl: string | undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-bench-acc-'));
  const config = testConfig({ LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, dataDir });
  const booted = await boot(config, { inMemoryDb: true, mqtt: false });
  const db = booted.services.db;
  await seed(db);
  const adminId = await insertAccount(db, { regNo: '13999999999', name: 'Bench admin', password: 'Bench123', roleId: 1 });
  const admin = await tokenFor(db, adminId, 1);
  const app = await buildApp(booted.services);

  const list = [];
  for (const [name, f] of Object.entries(CASES)) {
    const query = new URLSearchParams({ ...f, page: '0', rows: '50' }).toString();
    const viaApi = async () => {
      const res = await app.inject({ url: `/api/account/searchAccounts?${query}`, headers: { token: admin } });
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.body}`);
    };
    const bare = bareSql(db, adminId, f);
    await timeIt(3, viaApi);
    await timeIt(3, bare);
    const apiMs = await timeIt(RUNS, viaApi);
    const bareMs = await timeIt(RUNS, bare);
    const p95 = percentile(apiMs, 95);
    const bareP95 = percentile(bareMs, 95);
    list.push({ case: name, apiP95ms: +p95.toFixed(1), bareP95ms: +bareP95.toFixed(1), ratio: +(p95 / bareP95).toFixed(2) });
  }

  await app.close();
  await booted.shutdown();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { database: databaseUrl ? 'postgres' : 'pglite', accounts: ACCOUNTS, searchAccounts: list };
}
