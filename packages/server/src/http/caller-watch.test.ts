import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { boot } from '../boot.ts';
import type { Config } from '../config.ts';
import { type TestApp, testApp, testDbKind } from '../test/harness.ts';
import { CALLERS_CHANNEL } from './caller-watch.ts';

const isCallerRead = (sqlText: string) => /^select .* from "session" as "s"/.test(sqlText);

/** A second instance of the app on the first one's PostgreSQL database. */
async function secondInstance(config: Config, lease: number) {
  let reads = 0;
  const booted = await boot(
    { ...config, CALLER_LEASE_MS: lease },
    { inMemoryDb: true, mqtt: false, onQuery: (q) => void (isCallerRead(q.sql) && reads++) },
  );
  const app = await buildApp(booted.services);
  return {
    services: booted.services,
    reads: () => reads,
    get: async (url: string, token: string) =>
      (await app.inject({ method: 'GET', url: `/api${url}`, query: { page: '0', rows: '20' }, headers: { token, 'x-lang': 'english' } }))
        .statusCode,
    close: async () => {
      await app.close();
      await booted.shutdown();
    },
  };
}

/** Two instances on one database for the describe block they are made in (A through the test harness), each with this lease. */
function twoInstances(lease: number) {
  const both = {} as { a: TestApp; b: Awaited<ReturnType<typeof secondInstance>> };
  beforeAll(async () => {
    both.a = await testApp({ config: { CALLER_LEASE_MS: lease } });
    both.b = await secondInstance(both.a.config, lease);
  });
  afterAll(async () => {
    await both.b?.close();
    await both.a?.close();
  });
  return both;
}

describe.runIf(testDbKind() === 'postgres')('who is calling, kept by two instances on one PostgreSQL database', () => {
  // A lease far longer than the test, so a slow machine never makes an instance read a caller again.
  const both = twoInstances(60_000);

  it('answers from memory on each instance and sees a change made through the other on the very next request', async () => {
    const { a, b } = both;
    const admin = await a.signIn({ roleId: 1 });
    // An enterprise account holds the account menu (5) from the start.
    const staff = await a.signIn({ roleId: 5 });
    // The sign-ins wrote straight to the database: wait until B has taken in their notifications (it
    // acknowledges A's barrier after them), or one arriving late would drop the caller B just kept.
    await a.services.callers.settle();
    const before = b.reads();
    for (let i = 0; i < 3; i++) expect(await b.get('/account/searchAccounts', staff.token)).toBe(200);
    expect(b.reads() - before).toBe(1);

    // The grant withdrawn through A: B refuses the very next request.
    const withdrawn = await a.post('/account/updateUserMenu', { userId: staff.id, menuIds: '' }, admin.token);
    expect(withdrawn.statusCode).toBe(200);
    expect(await b.get('/account/searchAccounts', staff.token)).toBe(403);
    expect((await a.post('/account/updateUserMenu', { userId: staff.id, menuIds: [5] }, admin.token)).statusCode).toBe(200);
    expect(await b.get('/account/searchAccounts', staff.token)).toBe(200);

    // Signed out through A: B refuses the token at once.
    expect((await a.get('/logout/logout', {}, staff.token)).statusCode).toBe(200);
    expect(await b.get('/account/searchAccounts', staff.token)).toBe(401);
  });

  it('sees a write made to the database by hand (psql), through the trigger', async () => {
    const { a, b } = both;
    const staff = await a.signIn({ roleId: 5 });
    expect(await b.get('/account/searchAccounts', staff.token)).toBe(200);
    expect(await b.get('/account/searchAccounts', staff.token)).toBe(200);
    // No request waits for a write made outside the app: the trigger's notification reaches B within moments.
    const c = new pg.Client({ connectionString: a.config.DATABASE_URL });
    await c.connect();
    await c.query('update account set state = 2 where id = $1', [staff.id]).finally(() => c.end());
    await expect.poll(() => b.get('/account/searchAccounts', staff.token), { timeout: 10_000 }).toBe(401);
  });
});

describe.runIf(testDbKind() === 'postgres')('an instance that does not answer', () => {
  const LEASE = 400;
  const both = twoInstances(LEASE);

  it('holds a write for the lease, and one that lost its watch reads callers again until it is back', async () => {
    const { a, b } = both;
    const admin = await a.signIn({ roleId: 1 });
    const staff = await a.signIn({ roleId: 5 });
    expect(await b.get('/account/searchAccounts', staff.token)).toBe(200);

    // An instance that beats but never acknowledges a barrier: a write waits the whole lease for it.
    const ghost = new pg.Client({ connectionString: a.config.DATABASE_URL });
    await ghost.connect();
    try {
      await ghost.query('select pg_notify($1, $2)', [CALLERS_CHANNEL, 'beat:ghost:1']);
      const t0 = performance.now();
      expect((await a.post('/account/updateUserMenu', { userId: staff.id, menuIds: '' }, admin.token)).statusCode).toBe(200);
      expect(performance.now() - t0).toBeGreaterThanOrEqual(LEASE);
    } finally {
      await ghost.end();
    }
    expect(await b.get('/account/searchAccounts', staff.token)).toBe(403);

    // B's channel cut: a change through A still reaches B's next request (B no longer trusts what it kept).
    expect((await a.post('/account/updateUserMenu', { userId: staff.id, menuIds: [5] }, admin.token)).statusCode).toBe(200);
    expect(await b.get('/account/searchAccounts', staff.token)).toBe(200);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'gatehouse-callers' and datname = current_database()`.execute(
      a.db,
    );
    expect((await a.get('/logout/logout', {}, staff.token)).statusCode).toBe(200);
    expect(await b.get('/account/searchAccounts', staff.token)).toBe(401);

    // Back after the reconnect (a second): B keeps callers again.
    await expect.poll(() => b.services.callers.trusted(), { timeout: 15_000, interval: 100 }).toBe(true);
    const other = await a.signIn({ roleId: 5 });
    // Two requests in a row, the second answered from memory (tried again if a stall of this machine outlasted the lease).
    const secondFromMemory = async () => {
      expect(await b.get('/account/searchAccounts', other.token)).toBe(200);
      const before = b.reads();
      expect(await b.get('/account/searchAccounts', other.token)).toBe(200);
      return b.reads() === before;
    };
    await expect.poll(secondFromMemory, { timeout: 15_000, interval: 100 }).toBe(true);
  });
});
