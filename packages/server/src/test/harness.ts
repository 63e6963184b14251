import type { AdapterFactory } from '../devices/adapters/contract.ts';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Envelope, RoleId } from '@gatehouse/contracts';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { boot } from '../boot.ts';
import { type Config, testConfig } from '../config.ts';
import { insertAccount, type NewAccount } from '../modules/account/insert.ts';
import { PG_ERROR, pgCode } from '../db/sql.ts';
import type { QueryListener } from '../db/index.ts';
import { openSession } from '../http/auth.ts';

/** Which database the API tests run on: TEST_DB=postgres uses DATABASE_URL's server, else PGlite. */
export const testDbKind = (): 'pglite' | 'postgres' =>
  process.env.TEST_DB === 'postgres' && process.env.DATABASE_URL ? 'postgres' : 'pglite';

/**
 * The suite's PostgreSQL step runs the server's tests again with TEST_DB=postgres. A file whose tests
 * do not use the database under test (they open an embedded one of their own, or none) is run once, in
 * the PGlite step: `describe.skipIf(rerunOnPostgres)`.
 */
export const rerunOnPostgres = testDbKind() === 'postgres';

/**
 * A fresh database on the PostgreSQL server of DATABASE_URL; dropped by the returned function. Empty,
 * or with `migrated` under Vitest a copy of the run's migrated database (db-template.ts).
 */
export async function freshPostgres(opts: { migrated?: boolean } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(process.env.DATABASE_URL as string);
  const name = `gh_test_${crypto.randomBytes(6).toString('hex')}`;
  const template = opts.migrated && process.env.VITEST ? inject('postgresTemplate') : '';
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base.toString() });
      await c.connect();
      try {
        // The app's pool resolves end() before its connections have finished closing: a forced drop
        // would kill them mid-close (an uncaught 57P01 in the test process). Wait for them first.
        for (let i = 0; i < 100; i++) {
          try {
            await c.query(`drop database if exists ${name}`);
            return;
          } catch (e) {
            if (pgCode(e) !== PG_ERROR.objectInUse) throw e;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

export interface TestResponse<T = unknown> {
  statusCode: number;
  body: Envelope<T>;
  headers: Record<string, unknown>;
}

let template: Blob | undefined;
/**
 * The run's migrated PGlite database (db-template.ts), read once per test file; undefined on PostgreSQL
 * and outside Vitest. `openDb({ dataDir, from: pgliteTemplate() })` starts an embedded site from it
 * (a copy of the migrated data directory) instead of a new initdb and every migration (43 s against 5 s
 * on a loaded 2-core machine).
 */
export function pgliteTemplate(): Blob | undefined {
  const file = process.env.VITEST ? inject('pgliteTemplate') : ''; // benches use this harness outside Vitest
  if (!file) return undefined;
  template ??= new Blob([fs.readFileSync(file)]);
  return template;
}

/**
 * Builds the app on a fresh database (PGlite in memory, started from the run's migrated
 * template, or a new PostgreSQL database), with the captcha off and no demo data.
 */
export async function testApp(
  opts: { mqtt?: boolean; config?: Partial<Config>; onQuery?: QueryListener; adapters?: readonly AdapterFactory[] } = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-test-'));
  let drop: (() => Promise<void>) | undefined;
  let url: string | undefined;
  if (testDbKind() === 'postgres') ({ url, drop } = await freshPostgres({ migrated: true }));
  const config = testConfig({ DATA_DIR: dataDir, dataDir, DATABASE_URL: url, MQTT_PORT: 0, ...opts.config });
  const redisPrefix = `gh:test:${crypto.randomBytes(6).toString('hex')}:`;
  const dbFrom = testDbKind() === 'pglite' ? pgliteTemplate() : undefined;
  const booted = await boot(config, {
    inMemoryDb: true,
    dbFrom,
    mqtt: opts.mqtt ?? false,
    redisPrefix,
    onQuery: opts.onQuery,
    // Vendor adapters only where a test brings them (their polling would add statements to every test's counts).
    adapters: opts.adapters ?? [],
  });
  const app = await buildApp(booted.services);
  const db = booted.services.db;

  const request = async <T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    data: Record<string, unknown> = {},
    token?: string,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<T>> => {
    const h: Record<string, string> = { 'x-lang': 'english', ...headers };
    if (token) h.token = token;
    const clean = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)) as Record<string, string | string[]>;
    const res =
      method === 'GET'
        ? await app.inject({ method, url: `/api${url}`, query: clean, headers: h })
        : await app.inject({
            method,
            url: `/api${url}`,
            payload: new URLSearchParams(
              Object.entries(clean).flatMap(([k, v]): [string, string][] =>
                Array.isArray(v) ? v.map((x): [string, string] => [k, String(x)]) : [[k, String(v)]],
              ),
            ).toString(),
            headers: { ...h, 'content-type': 'application/x-www-form-urlencoded' },
          });
    return { statusCode: res.statusCode, body: res.json() as Envelope<T>, headers: res.headers };
  };

  /** Creates an account (normal state, default menus) and answers its id. */
  const createAccount = (a: Partial<NewAccount> & { roleId: RoleId }) =>
    insertAccount(db, {
      regNo: a.regNo ?? `139${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`,
      name: a.name ?? 'Tester',
      password: a.password ?? 'Test1234',
      ...a,
    });

  /** A signed-in session for an account, without the sign-in flow (for route tests). */
  const tokenFor = async (accountId: number, lang = 'en'): Promise<string> => {
    const acc = await db.selectFrom('account').select(['role_id', 'community_id']).where('id', '=', accountId).executeTakeFirstOrThrow();
    const token = await openSession(db, { accountId, roleId: acc.role_id, lang, ip: '127.0.0.1' });
    return token;
  };

  /** Creates an account of a role and answers its id and a token. */
  const signIn = async (a: Partial<NewAccount> & { roleId: RoleId }, lang = 'en') => {
    const id = await createAccount(a);
    return { id, token: await tokenFor(id, lang) };
  };

  const createCommunity = async (name = `C${crypto.randomInt(0, 1e6)}`, type = 0) =>
    (
      await db
        .insertInto('community')
        .values({ name, location: '广东省/深圳市/南山区', address: 'Road 1', ip: null, type, reg_no: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  const lastOpLog = () => db.selectFrom('op_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();

  return {
    app,
    db,
    config,
    services: booted.services,
    get: <T = unknown>(url: string, q?: Record<string, unknown>, token?: string, headers?: Record<string, string>) =>
      request<T>('GET', url, q, token, headers),
    post: <T = unknown>(url: string, body?: Record<string, unknown>, token?: string, headers?: Record<string, string>) =>
      request<T>('POST', url, body, token, headers),
    createAccount,
    tokenFor,
    signIn,
    createCommunity,
    lastOpLog,
    async close() {
      await app.close();
      await booted.shutdown();
      await drop?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof testApp>>;

/** Reads the newest SMS code sent to a phone from the outbox. */
export function outboxCode(dataDir: string, phone: string): string | undefined {
  const file = path.join(dataDir, 'sms-outbox.log');
  if (!fs.existsSync(file)) return undefined;
  const lines = fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { phone: string; code: string });
  return lines.filter((l) => l.phone === phone).pop()?.code;
}
