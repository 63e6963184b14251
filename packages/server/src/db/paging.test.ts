import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../test/harness.ts';
import { COUNT_CAP, cheapTotal } from './paging.ts';

let t: TestApp;
const ran: string[] = [];
beforeAll(async () => {
  t = await testApp({ onQuery: (q) => ran.push(q.sql) });
});
afterAll(async () => t.close());

/** A filter matching `n` rows (the planner knows generate_series's size exactly). */
const matching = (n: number) =>
  t.db.selectFrom(sql<{ g: number }>`generate_series(1, ${sql.lit(n)})`.as('g')).select(sql<number>`1`.as('x'));
const explains = () => ran.filter((s) => /^\s*explain/i.test(s)).length;

describe('cheapTotal: a total that stays cheap on long lists', () => {
  it('counts exactly up to the cap, and beyond it keeps the planner estimate of each filter for the next pages', async () => {
    ran.length = 0;
    expect(await cheapTotal(t.db, matching(500))).toEqual({ total: 500, estimated: false });
    expect(explains()).toBe(0);

    const first = await cheapTotal(t.db, matching(COUNT_CAP * 2));
    expect(first).toEqual({ total: COUNT_CAP * 2, estimated: true });
    expect(explains()).toBe(1);
    const counts = ran.filter((s) => /count\(\*\)/.test(s)).length;

    // The next page of the same filter counts again (an exact total would show), but plans no estimate.
    expect(await cheapTotal(t.db, matching(COUNT_CAP * 2))).toEqual(first);
    expect(explains()).toBe(1);
    expect(ran.filter((s) => /count\(\*\)/.test(s)).length).toBe(counts + 1);

    // Another filter has an estimate of its own.
    expect(await cheapTotal(t.db, matching(COUNT_CAP * 3))).toEqual({ total: COUNT_CAP * 3, estimated: true });
    expect(explains()).toBe(2);
  });
});
