import Fastify from 'fastify';
import { buildApp } from '../packages/server/src/app.ts';
import { boot } from '../packages/server/src/boot.ts';
import { testConfig } from '../packages/server/src/config.ts';
import { insertAccount } from '../packages/server/src/modules/account/insert.ts';
import { openSession } from '../packages/server/src/http/auth.ts';
import { freshPostgres } from '../packages/server/src/test/harness.ts';
import { load } from './lib.ts';

/**
 * Authenticated list request throughput (token lookup, menu grants, community
 * scope, a list query, the envelope) against a bare Fastify route answering the
 * same JSON, in the same run: the ratio is the cost of our request pipeline.
 */
/** Issue 11 goal 2 is stated at 50 connections (p99 < 100 ms). */
const CONNECTIONS = 50;

export async function sessionBench() {
  const variants = [await runOnce(undefined)];
  if (process.env.DATABASE_URL) {
    const pgdb = await freshPostgres();
    variants.push(await runOnce(pgdb.url));
    await pgdb.drop();
  }
  return {
    name: 'authenticated list request vs bare Fastify',
    variants,
    note: 'ratio = our requests/s divided by a bare Fastify route running the same query on the same database (goal >= 0.25); ratioToMemory = against the same JSON answered from memory; same machine, same run',
  };
}

async function runOnce(databaseUrl: string | undefined) {
  const config = testConfig({ LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl });
  const booted = await boot(config, { inMemoryDb: true, mqtt: false });
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
  const accountId = await insertAccount(db, { regNo: '13900009999', name: 'Bench', password: 'Bench123', roleId: 4 });
  await db
    .insertInto('account_community')
    .values(ids.map((c) => ({ account_id: accountId, community_id: c })))
    .execute();
  const token = await openSession(db, { accountId, roleId: 4 });
  const app = await buildApp(booted.services);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const sample = await (await fetch(`${appUrl}/api/community/getHomeCommunities`, { headers: { token } })).json();
  const bare = Fastify();
  // The baseline of issue 11 goal 2: the same list query on the same database, no session, no guard.
  bare.get('/bare-query', async () => ({
    code: 0,
    data: await db
      .selectFrom('community')
      .select(['id as communityid', 'name', 'location', 'address'])
      .where('id', 'in', ids)
      .orderBy('name')
      .limit(500)
      .execute(),
  }));
  // The original yardstick: the same JSON answered from memory.
  bare.get('/bare-static', async () => sample);
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

  const engine = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const base = await load(`bare Fastify route, same query (${engine}), 50 connections`, `${bareUrl}/bare-query`, {}, 5, CONNECTIONS);
  const ours = await load(
    `getHomeCommunities, signed in (${engine}), 50 connections`,
    `${appUrl}/api/community/getHomeCommunities`,
    { token },
    5,
    CONNECTIONS,
  );
  const fromMemory = await load('bare Fastify route, same JSON from memory, 50 connections', `${bareUrl}/bare-static`, {}, 5, CONNECTIONS);
  await app.close();
  await bare.close();
  await booted.shutdown();
  return {
    database: databaseUrl ? 'postgres' : 'pglite',
    results: [base, ours, fromMemory],
    ratio: +(ours.requestsPerSec / base.requestsPerSec).toFixed(3),
    ratioToMemory: +(ours.requestsPerSec / fromMemory.requestsPerSec).toFixed(3),
  };
}
