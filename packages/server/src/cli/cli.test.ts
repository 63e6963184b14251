import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOGIN_PASSWORD } from '@gatehouse/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { boot } from '../boot.ts';
import { testConfig } from '../config.ts';
import { MIGRATIONS } from '../db/migrations/index.ts';
import { openDb } from '../db/index.ts';
import { openSession } from '../http/auth.ts';
import { insertAccount } from '../modules/account/insert.ts';
import { outboxCode, rerunOnPostgres } from '../test/harness.ts';
import { gatehouse, linesOf } from './run-cli.ts';

const ADMIN = '13955550001';
const RESIDENT = '13955550002';
let dataDir: string;
const cli = (...args: string[]) => gatehouse(args, { DATA_DIR: dataDir });

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-cli-'));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The tool opens an embedded database of its own (DATA_DIR), whichever database the run tests. */
describe.skipIf(rerunOnPostgres)('npx gatehouse', () => {
  it('lists its commands with --help, and each command its options', async () => {
    const help = await cli('--help');
    expect(help.status).toBe(0);
    for (const name of ['migrate', 'version', 'create-admin', 'reset-admin', 'move-to-postgres', 'backup', 'restore']) {
      expect(linesOf(help.stdout).filter((l) => l.startsWith(`  ${name} `))).toHaveLength(1);
    }
    expect(help.stdout).not.toMatch(/not available yet/);
    const reset = await cli('reset-admin', '--help');
    expect([reset.status, reset.stdout]).toEqual([0, expect.stringContaining('--phone <number>')]);
  });

  it('answers a wrong command line with one line and status 2', async () => {
    for (const [args, line] of [
      [['frobnicate'], 'gatehouse: Unknown command "frobnicate": gatehouse --help lists the commands'],
      [['reset-admin'], 'gatehouse reset-admin: --phone is required'],
      [['reset-admin', '--phone', '123'], 'gatehouse reset-admin: --phone must be a mainland mobile number (1[3-9] + 9 digits), got "123"'],
      [['migrate', '--force'], "gatehouse migrate: Unknown option '--force' (gatehouse migrate --help)"],
    ] as const) {
      const r = await cli(...args);
      expect([r.status, linesOf(r.stderr), r.stdout]).toEqual([2, [line], '']);
    }
  });

  it('fails with one line where there is no database, backup included', async () => {
    const version = await cli('version');
    expect([version.status, linesOf(version.stderr)]).toEqual([
      1,
      [
        `gatehouse version: No embedded database in ${path.join(dataDir, 'pg')}: set DATA_DIR to the server's (DATABASE_URL for PostgreSQL), or make one with \`gatehouse migrate\``,
      ],
    ]);
    const backup = await cli('backup', '--out', path.join(dataDir, 'site.backup'));
    expect([backup.status, linesOf(backup.stderr)]).toEqual([
      1,
      [`gatehouse backup: ${version.stderr.trim().slice('gatehouse version: '.length)}`],
    ]);
  });

  it('migrates a new embedded database, says so, and tells its schema version', async () => {
    const names = Object.keys(MIGRATIONS).sort();
    const first = await cli('migrate');
    expect(first.status).toBe(0);
    expect(linesOf(first.stdout)).toEqual([
      ...names.map((n) => expect.stringMatching(new RegExp(`^applied ${n}$`))),
      `${names.length} migrations applied to the embedded database in ${path.join(dataDir, 'pg')}`,
    ]);
    const again = await cli('migrate');
    expect(linesOf(again.stdout)).toEqual([`the embedded database in ${path.join(dataDir, 'pg')} is up to date`]);
    const version = await cli('version');
    const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(linesOf(version.stdout)).toEqual([
      `gatehouse ${pkg.version}`,
      `schema ${names.at(-1)} (${names.length} of ${names.length} migrations applied) in the embedded database in ${path.join(dataDir, 'pg')}`,
    ]);
  });

  it('creates an administrator with a password shown once, and refuses the same phone again', async () => {
    const r = await cli('create-admin', '--phone', ADMIN, '--name', 'Night desk');
    expect(r.status).toBe(0);
    const password = /password: (\S+)$/m.exec(r.stdout)?.[1] ?? '';
    expect(password).toMatch(LOGIN_PASSWORD);
    const again = await cli('create-admin', '--phone', ADMIN, '--name', 'Other');
    expect([again.status, linesOf(again.stderr)]).toEqual([
      1,
      [`gatehouse create-admin: The administrator ${ADMIN} exists already (a new password: gatehouse reset-admin --phone ${ADMIN})`],
    ]);
    const h = await openDb({ dataDir });
    try {
      const rows = await h.db.selectFrom('account').select(['name', 'role_id']).where('reg_no', '=', ADMIN).execute();
      expect(rows).toEqual([{ name: 'Night desk', role_id: 1 }]);
      const log = await h.db.selectFrom('op_log').select(['content', 'regno', 'account_id']).orderBy('id', 'desc').executeTakeFirst();
      expect(log).toEqual({ content: expect.stringContaining('op.account.create'), regno: 'command-line', account_id: null });
    } finally {
      await h.close();
    }
  });

  it('resets a locked-out administrator: new password signs in, authenticator gone, sessions out, op log row', async () => {
    // The administrator has an authenticator, recovery codes and an open session; a resident shares nothing.
    let oldToken = '';
    const h = await openDb({ dataDir });
    try {
      const admin = await h.db.selectFrom('account').select('id').where('reg_no', '=', ADMIN).executeTakeFirstOrThrow();
      await h.db
        .insertInto('account_totp')
        .values({ account_id: admin.id, secret: 'JBSWY3DPEHPK3PXP', enabled_at: sql<Date>`now()` })
        .execute();
      await h.db
        .insertInto('account_recovery_code')
        .values({ account_id: admin.id, code_hash: 'x'.repeat(64) })
        .execute();
      oldToken = await openSession(h.db, { accountId: admin.id, roleId: 1, maxHours: 2 });
      // Five wrong second-factor answers: the sign-in's code step refuses the account for 15 minutes.
      await h.db
        .insertInto('rate_limit')
        .values({ key: `2fa:acct:${admin.id}`, window_start: sql<Date>`now()`, count: 5 })
        .execute();
      await insertAccount(h.db, { regNo: RESIDENT, name: 'Resident', password: 'Res12345', roleId: 5 });
    } finally {
      await h.close();
    }

    const unknown = await cli('reset-admin', '--phone', '13955559999');
    expect([unknown.status, linesOf(unknown.stderr)]).toEqual([1, ['gatehouse reset-admin: No account has the phone number 13955559999']]);
    const resident = await cli('reset-admin', '--phone', RESIDENT);
    expect([resident.status, linesOf(resident.stderr)]).toEqual([
      1,
      [`gatehouse reset-admin: The account ${RESIDENT} is not an administrator`],
    ]);

    const r = await cli('reset-admin', '--phone', ADMIN);
    expect(r.status).toBe(0);
    const password = /: (\S+)$/m.exec(linesOf(r.stdout)[0] ?? '')?.[1] ?? '';
    expect(password).toMatch(LOGIN_PASSWORD);
    expect(r.stdout).toContain('1 open sessions signed out');

    // The server on the same DATA_DIR: the new password, then the SMS code, signs in; the old session is out.
    const config = testConfig({ DATA_DIR: dataDir, dataDir, MQTT_PORT: 0 });
    const booted = await boot(config, { mqtt: false });
    const app = await buildApp(booted.services);
    try {
      const busy = await cli('reset-admin', '--phone', ADMIN);
      expect([busy.status, linesOf(busy.stderr)[0]]).toEqual([
        1,
        expect.stringContaining('is in use (postmaster.pid): stop the server first'),
      ]);

      const form = { username: ADMIN, password, vcode: 'x', roleId: '1' };
      const login = async (extra: Record<string, string> = {}) =>
        (
          await app.inject({
            method: 'POST',
            url: '/api/login',
            payload: new URLSearchParams({ ...form, ...extra }).toString(),
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-lang': 'english' },
          })
        ).json() as { status: number; content: unknown };
      expect(await login()).toMatchObject({ status: 205, content: { phoneNumber: ADMIN, totp: false } });
      expect((await app.inject({ method: 'GET', url: `/api/sendVcodeAdmin?phoneNumber=${ADMIN}` })).json()).toMatchObject({ status: 200 });
      expect(await login({ dx: outboxCode(dataDir, ADMIN) as string })).toMatchObject({ status: 200 });
      expect((await app.inject({ method: 'GET', url: '/api/getSession', headers: { token: oldToken } })).statusCode).toBe(401);

      const { db } = booted.services;
      expect(await db.selectFrom('account_totp').select('account_id').execute()).toEqual([]);
      expect(await db.selectFrom('account_recovery_code').select('id').execute()).toEqual([]);
      expect(await db.selectFrom('rate_limit').select('key').where('key', 'like', '2fa:%').execute()).toEqual([]);
      const log = await db
        .selectFrom('op_log')
        .select(['name2', 'content', 'regno', 'account_id'])
        .orderBy('id', 'desc')
        .executeTakeFirst();
      expect(log).toEqual({
        name2: 'account',
        content: expect.stringContaining(`op.account.resetAdmin`),
        regno: 'command-line',
        account_id: null,
      });
      expect(log?.content).toContain(ADMIN);
      // What the operation log screen shows, in the reader's language.
      const admin = await db.selectFrom('account').select('id').where('reg_no', '=', ADMIN).executeTakeFirstOrThrow();
      for (const [lang, text] of [
        ['en', `Reset the administrator's password and authenticator from the command line: ${ADMIN}`],
        ['zh-CN', `命令行重置管理员密码并清除身份验证器：${ADMIN}`],
      ] as const) {
        const token = await openSession(db, { accountId: admin.id, roleId: 1, lang });
        const page = await app.inject({ method: 'GET', url: '/api/oplog/getOpLogPage?regno=command-line', headers: { token } });
        expect(page.json().content.rows[0]).toMatchObject({ name: text, regno: 'command-line' });
      }
    } finally {
      await app.close();
      await booted.shutdown();
    }
  });
});
