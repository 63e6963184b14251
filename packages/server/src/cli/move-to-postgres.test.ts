import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { boot } from '../boot.ts';
import { testConfig } from '../config.ts';
import { createEventMonth, eventMonths, monthPartition, monthStart } from '../db/event-partitions.ts';
import { migrate, openDb } from '../db/index.ts';
import { syncMenus } from '../db/seed.ts';
import { seedDemo } from '../demo/data.ts';
import { ensureAdmin, insertAccount } from '../modules/account/insert.ts';
import { freshPostgres, testDbKind } from '../test/harness.ts';
import { siteRows } from '../test/site-contents.ts';
import { gatehouse, linesOf } from './run-cli.ts';

const ADMIN = '13966660001';
const ADMIN_PASSWORD = 'Admin123';
/** A month with a partition of its own (14 months back), and an event older than every partition. */
const OLD_MONTH = monthStart(new Date(), -14);
const ANCIENT = new Date(Date.UTC(2001, 4, 2, 8, 30));

let dataDir: string;
let target: { url: string; drop: () => Promise<void> };

const event = (time: Date, account: string) => ({
  device_id: null,
  eid: `E${account}`,
  address_id: null,
  community_id: null,
  device_name: 'Gate 1',
  time,
  type: 1,
  result: 1,
  account,
  unlock_user_name: 'Resident',
  card_num: '',
  card_mode: 0,
  qr_id: null,
  is_work: false,
});

const contents = siteRows;

/** Needs a PostgreSQL server: runs in the PostgreSQL step (TEST_DB=postgres with DATABASE_URL). */
describe.skipIf(testDbKind() !== 'postgres')('npx gatehouse move-to-postgres', () => {
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-move-'));
    const h = await openDb({ dataDir });
    try {
      await migrate(h.db);
      await syncMenus(h.db);
      await ensureAdmin(h.db, ADMIN, ADMIN_PASSWORD);
      await seedDemo(h.db, dataDir);
      await createEventMonth(h.db as never, OLD_MONTH);
      await createEventMonth(h.db as never, monthStart(new Date()));
      await h.db
        .insertInto('access_event')
        .values([
          event(new Date(), '13900000001'),
          event(new Date(OLD_MONTH.getTime() + 86_400_000), '13900000002'),
          event(ANCIENT, '13900000003'),
        ])
        .execute();
      await h.db
        .insertInto('op_log')
        .values({
          name1: 'system',
          name2: 'account',
          content: 'x',
          regno: ADMIN,
          account_id: null,
          detail: JSON.stringify({ before: { a: [1, 'two'] }, after: null }),
        })
        .execute();
    } finally {
      await h.close();
    }
    target = await freshPostgres();
  });
  afterAll(async () => {
    await target?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies the embedded site into an empty PostgreSQL database, table by table, counts checked, sequences set', async () => {
    const r = await gatehouse(['move-to-postgres', '--to', target.url], { DATA_DIR: dataDir });
    expect([r.status, r.stderr]).toEqual([0, '']);
    const lines = linesOf(r.stdout);
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}account +\d+ → +\d+$/));
    expect(lines.some((l) => l.includes('MISMATCH'))).toBe(false);
    expect(r.stdout).toMatch(/Copied \d+ tables, \d+ rows, from the embedded database in .*; every count matches\./);
    expect(r.stdout).toContain(`DATA_DIR=${dataDir} npm start`);

    const source = await openDb({ dataDir });
    const dest = await openDb({ url: target.url });
    try {
      // Every row of every table, alike (and the embedded database still holds them all).
      const [had, has] = [await contents(source.db), await contents(dest.db)];
      expect(Object.keys(has).sort()).toEqual(Object.keys(had).sort());
      expect(has).toEqual(had);
      expect(has.account?.length).toBeGreaterThan(5);
      expect(has.access_event).toHaveLength(3);
      for (const [table, rows] of Object.entries(had).filter(([name]) => name !== '(indexes)')) {
        expect(lines, table).toContainEqual(expect.stringMatching(new RegExp(`^ {2}${table} +${rows.length} → +${rows.length}$`)));
      }

      // The events sit in the same month partitions; the one of no month in the default one.
      expect((await eventMonths(dest.db as never)).map((m) => m.name)).toEqual(expect.arrayContaining([monthPartition(OLD_MONTH)]));
      const inDefault = await sql<{ account: string }>`select account from access_event_default`.execute(dest.db);
      expect(inDefault.rows).toEqual([{ account: '13900000003' }]);

      // Sequences: new rows get numbers no copied row has.
      const maxAccount = Math.max(...(await dest.db.selectFrom('account').select('id').execute()).map((a) => a.id));
      expect(await insertAccount(dest.db, { regNo: '13966660099', name: 'After', password: 'After123', roleId: 5 })).toBeGreaterThan(
        maxAccount,
      );
      await dest.db.insertInto('access_event').values(event(new Date(), '13900000004')).execute();
      await dest.db
        .insertInto('op_log')
        .values({ name1: 'system', name2: 'account', content: 'after', regno: ADMIN, account_id: null, detail: null })
        .execute();
    } finally {
      await source.close();
      await dest.close();
    }
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

    // DATABASE_URL=… is the same site: its administrator's password is asked for the SMS step.
    const booted = await boot(testConfig({ DATA_DIR: dataDir, dataDir, DATABASE_URL: target.url, MQTT_PORT: 0 }), { mqtt: false });
    const app = await buildApp(booted.services);
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: new URLSearchParams({ username: ADMIN, password: ADMIN_PASSWORD, vcode: 'x', roleId: '1' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-lang': 'english' },
      });
      expect(res.json()).toMatchObject({ status: 205, content: { phoneNumber: ADMIN } });
    } finally {
      await app.close();
      await booted.shutdown();
    }
  });

  it('refuses a target that holds a site, with one line, and leaves it as it was', async () => {
    const r = await gatehouse(['move-to-postgres', '--to', target.url], { DATA_DIR: dataDir });
    expect([r.status, linesOf(r.stderr)]).toEqual([
      1,
      [
        expect.stringMatching(
          /^gatehouse move-to-postgres: The target database is not empty \(table \w+ has rows\): give an empty database$/,
        ),
      ],
    ]);
    const dest = await openDb({ url: target.url });
    try {
      expect(await dest.db.selectFrom('account').select('id').where('reg_no', '=', '13966660099').execute()).toHaveLength(1);
    } finally {
      await dest.close();
    }
  });

  it('works on the PostgreSQL site through DATABASE_URL: version, reset-admin', async () => {
    const settings = { DATA_DIR: dataDir, DATABASE_URL: target.url };
    const version = await gatehouse(['version'], settings);
    expect(linesOf(version.stdout)[1]).toMatch(/^schema \S+ \((\d+) of \1 migrations applied\) in PostgreSQL at postgres:\/\/.*\/gh_test_/);
    const reset = await gatehouse(['reset-admin', '--phone', ADMIN], settings);
    expect([reset.status, reset.stderr]).toEqual([0, '']);
    const dest = await openDb({ url: target.url });
    try {
      const log = await dest.db.selectFrom('op_log').select(['content', 'regno']).orderBy('id', 'desc').executeTakeFirst();
      expect(log).toEqual({ content: expect.stringContaining('op.account.resetAdmin'), regno: 'command-line' });
    } finally {
      await dest.close();
    }
  });

  it('refuses an unreachable target and a configured DATABASE_URL with one line each', async () => {
    const url = new URL(target.url);
    url.pathname = '/gh_no_such_database';
    const missing = await gatehouse(['move-to-postgres', '--to', url.toString()], { DATA_DIR: dataDir });
    expect([missing.status, linesOf(missing.stderr)]).toEqual([
      1,
      [expect.stringContaining('gatehouse move-to-postgres: Cannot reach PostgreSQL at')],
    ]);
    const both = await gatehouse(['move-to-postgres', '--to', target.url], { DATA_DIR: dataDir, DATABASE_URL: target.url });
    expect([both.status, linesOf(both.stderr)]).toEqual([
      1,
      ['gatehouse move-to-postgres: DATABASE_URL is set: move-to-postgres copies the embedded database of DATA_DIR, unset DATABASE_URL'],
    ]);
  });
});
