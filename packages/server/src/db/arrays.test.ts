import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../test/harness.ts';
import { queryArrays, streamArrays, timestamptzMs } from './index.ts';

const driverParse = pg.types.getTypeParser(1184) as (text: string) => Date;

describe('timestamptz text as epoch ms', () => {
  it('reads what the driver reads, fractions cut to the millisecond', () => {
    for (const text of [
      '2026-11-25 08:30:00+08',
      '2026-11-25 08:30:00.1+00',
      '2026-11-25 08:30:00.123456+00',
      '2026-11-25 08:30:00.999999-03:30',
      '1970-01-01 00:00:00+00',
      '1969-12-31 23:59:59.5+00',
      '1900-01-01 00:00:00+00:19:32',
      '0050-06-01 12:00:00+00',
      '0044-03-15 12:00:00+00 BC',
    ])
      expect(timestamptzMs(text), text).toBe(driverParse(text).getTime());
  });
});

describe('queryArrays', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it('answers rows as arrays in select order, timestamptz as epoch ms, other types as usual', async () => {
    const at = Date.UTC(2026, 10, 25, 0, 30, 15, 250);
    const q = sql<unknown>`select ${new Date(at)}::timestamptz as t, 7::bigint as n, 'a' as s, null::text as z, 2::smallint as k`;
    expect(await queryArrays(t.db, q.compile(t.db))).toEqual([[at, 7, 'a', null, 2]]);
  });

  it('streams rows as arrays, and a taker that leaves early gives the connection back', async () => {
    const at = new Date(0);
    const q = sql<unknown>`select n::int, ${at}::timestamptz + n * interval '1 second' as t from generate_series(1, 20000) n`;
    let n = 0;
    for await (const r of streamArrays(t.db, q.compile(t.db))) {
      n++;
      expect(r).toEqual([n, n * 1000]);
      // A slow taker now and then: the rows wait on the connection, not in memory.
      if (n % 5000 === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(n).toBe(20000);
    // More takers leaving early than the pool has connections.
    for (let i = 0; i < 12; i++) {
      for await (const r of streamArrays(t.db, q.compile(t.db))) {
        expect(r[0]).toBe(1);
        break;
      }
    }
    expect(await queryArrays(t.db, sql<unknown>`select 1`.compile(t.db))).toEqual([[1]]);
  });
});
