import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { buildApp } from '../packages/server/src/app.ts';
import { boot } from '../packages/server/src/boot.ts';
import { testConfig } from '../packages/server/src/config.ts';
import type { Db } from '../packages/server/src/db/index.ts';
import { insertAccount } from '../packages/server/src/modules/account/insert.ts';
import { openSession } from '../packages/server/src/http/auth.ts';
import { hashPassword } from '../packages/server/src/modules/session/passwords.ts';
import { freshPostgres } from '../packages/server/src/test/harness.ts';
import { multipart } from '../packages/server/src/modules/account/test-kit.ts';
import { percentile, timeIt } from './lib.ts';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const RUNS = 30;

/**
 * searchAccounts on 100k accounts, sorted by each sortable column and filtered by
 * each filter: p95 of the API call (token, grants, validation, scope, two queries,
 * presenter, envelope) against p95 of the bare SQL of the same page, in the same
 * run; and an import of 100k rows with distinct passwords through the upload route
 * (seconds, rows/s, peak RSS) against a bare batched INSERT of the same rows.
 */
export async function accountsBench() {
  const variants = [await runOnce(undefined)];
  if (process.env.DATABASE_URL) {
    const pg = await freshPostgres();
    variants.push(await runOnce(pg.url));
    await pg.drop();
  }
  return {
    name: `searchAccounts on ${ACCOUNTS} accounts vs bare SQL; import of ${IMPORT_ROWS} rows`,
    variants,
    note: 'ratio = p95 of the API call / p95 of the same page as bare SQL (page query + count), same database, same run. Import: every row has its own password (hashed with the import profile of docs/security.md); import.ratio = seconds of the upload route / seconds of a bare batched INSERT (1000 rows a statement, one transaction, one precomputed hash) of the same rows; goal: 100k rows in 60 s, peak RSS under 400 MB.',
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
  const communities = await seed(db);
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

  const importResult = await importRun(app, db, communities[0] as number, adminId);
  await app.close();
  await booted.shutdown();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { database: databaseUrl ? 'postgres' : 'pglite', accounts: ACCOUNTS, searchAccounts: list, import: importResult };
}

async function importRun(app: Awaited<ReturnType<typeof buildApp>>, db: Db, communityId: number, adminId: number) {
  const addresses = (await db.selectFrom('address').select('address').where('community_id', '=', communityId).limit(200).execute()).map(
    (r) => r.address,
  );
  const file = path.join(os.tmpdir(), `gh-bench-import-${process.pid}.xlsx`);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet('Accounts');
  ws.addRow(['Area code', 'Phone number', 'Name', 'Password', 'Role', 'Householder address', 'Face limit', 'Resident limit']).commit();
  const row = (i: number) => ({ regNo: String(15000000000 + i), name: `Imported ${i}`.slice(0, 15), password: `Init${i}x` });
  for (let i = 0; i < IMPORT_ROWS; i++) {
    const r = row(i);
    ws.addRow(['86', r.regNo, r.name, r.password, 7, addresses[i % addresses.length], 6, 3]).commit();
  }
  ws.commit();
  await wb.commit();
  const data = fs.readFileSync(file);
  fs.rmSync(file, { force: true });
  const baselineSeconds = await bareInsert(db, communityId, IMPORT_ROWS);
  const token = await tokenFor(db, adminId, 1);
  const m = multipart({ communityID: String(communityId) }, { name: 'bench.xlsx', data });
  let peak = process.memoryUsage().rss;
  const before = peak;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/account/uploadAccountFile',
    payload: m.payload,
    headers: { ...m.headers, token },
  });
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  const body = res.json() as { status: number; content: { imported: number } | null; msgs: string[] };
  if (body.status !== 200) throw new Error(`import failed: ${body.msgs.join('; ')}`);
  return {
    rows: body.content?.imported,
    fileMB: +(data.length / 1024 / 1024).toFixed(1),
    seconds: +seconds.toFixed(1),
    rowsPerSec: Math.round(IMPORT_ROWS / seconds),
    baselineSeconds: +baselineSeconds.toFixed(2),
    ratio: +(seconds / baselineSeconds).toFixed(1),
    rssBeforeMB: Math.round(before / 1024 / 1024),
    peakRssMB: Math.round(peak / 1024 / 1024),
  };
}

/** The baseline of the import: the same number of householder rows as batched INSERTs in one transaction, then removed. */
async function bareInsert(db: Db, communityId: number, n: number): Promise<number> {
  const hash = await hashPassword('Bench123');
  const t0 = performance.now();
  await db.transaction().execute(async (trx) => {
    for (let at = 0; at < n; at += 1000) {
      const rows = Array.from({ length: Math.min(1000, n - at) }, (_, k) => ({
        reg_no: String(16000000000 + at + k),
        area_code: '86',
        name: `Bare ${at + k}`.slice(0, 15),
        password_hash: hash,
        role_id: 7,
        state: 0,
        community_id: communityId,
        face_limit: 6,
        resident_limit: 3,
        lang: 'en',
      }));
      await trx.insertInto('account').values(rows).execute();
    }
  });
  const seconds = (performance.now() - t0) / 1000;
  await db.deleteFrom('account').where('reg_no', '>=', '16000000000').where('reg_no', '<', '17000000000').execute();
  return seconds;
}
