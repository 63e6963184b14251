import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres, testDbKind } from '../test/harness.ts';
import { keepPrepared, runPreparedOn } from './prepared.ts';

/** Statements kept prepared on PostgreSQL's pooled connections (db/prepared.ts); TEST_DB=postgres only. */
describe.skipIf(testDbKind() !== 'postgres')('statements kept prepared', () => {
  let db: Awaited<ReturnType<typeof freshPostgres>>;
  let pool: pg.Pool;
  beforeAll(async () => {
    db = await freshPostgres();
    pool = new pg.Pool({ connectionString: db.url, max: 1 });
    pool.on('connect', runPreparedOn);
  });
  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  it('runs a kept statement by name on the connection, with its values each time; others stay unnamed', async () => {
    const text = 'select $1::int * 2 as n';
    keepPrepared(text, 'gh_test_double');
    expect((await pool.query(text, [21])).rows).toEqual([{ n: 42 }]);
    expect((await pool.query(text, [5])).rows).toEqual([{ n: 10 }]);
    expect((await pool.query('select $1::int + 1 as n', [1])).rows).toEqual([{ n: 2 }]);
    const kept = await pool.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements');
    expect(kept.rows).toEqual([{ name: 'gh_test_double', statement: text }]);
  });

  it('refuses one statement under two names', () => {
    keepPrepared('select 1 as gh_test', 'gh_test_one');
    expect(() => keepPrepared('select 1 as gh_test', 'gh_test_other')).toThrow(/two names/);
  });
});
