import type { PGlite } from '@electric-sql/pglite';
import { type CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDb, queryArrays, streamArrays, timestamptzMs } from './index.ts';
import { rerunOnPostgres } from '../test/harness.ts';

/**
 * PGlite reads a statement's rows as one JSON text (pglite-arrays.ts): the values must be the
 * ones PGlite's own reading of the rows gives (rowMode 'array', timestamptz as epoch ms).
 */
describe.skipIf(rerunOnPostgres)('PGlite rows as arrays through JSON', () => {
  let h: DbHandle;
  let pglite: PGlite;
  beforeAll(async () => {
    h = await openDb({ dataDir: null });
    pglite = h.pglite as PGlite;
  });
  afterAll(() => h.close());

  const fieldByField = async (q: CompiledQuery) =>
    (await pglite.query<unknown[]>(q.sql, [...q.parameters], { rowMode: 'array', parsers: { 1184: timestamptzMs } })).rows;

  it('answers every type as PGlite reads it, nulls included', async () => {
    const at = new Date(Date.UTC(2026, 10, 25, 0, 30, 15, 250));
    const values = sql<unknown>`
      select n, n::int2 as i2, (n * 1000)::int4 as i4, n::int8 * 1000000007 as i8, ${'9223372036854775807'}::int8 as i8max,
        -9007199254740993::int8 as i8unsafe, n % 2 = 0 as b, n::numeric / 3 as num, n::float8 / 3 as f8, 'NaN'::float8 as nan,
        'x'::char(3) as padded, 'v' || n::text as v, ${'line\n"quoted" \\ back\tslash <&> 中文 \u0001 😀'}::text as odd,
        ${at}::timestamptz + n * interval '1.5 seconds' as ts, 'infinity'::timestamptz as inf,
        '2026-11-25 08:30:00.123456'::timestamp as tsz, '2026-02-28'::date + n as d, interval '1 day 2 hours' * n as iv,
        json_build_object('n', n, 's', 'a"b') as j, jsonb_build_array(n, 'x', null) as jb, array[n, n + 1] as ints,
        array['a', null, 'c,d'] as texts, '00000000-0000-0000-0000-00000000000a'::uuid as u, '\\xdeadbeef'::bytea as bytes,
        '10.0.0.1/8'::inet as ip, 'a b'::tsvector as tv
      from generate_series(1, 3) n
      union all
      select 4, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
        null, null, null, null, null, null, null, null`.compile(h.db);
    const rows = await queryArrays(h.db, values);
    expect(rows).toHaveLength(4);
    expect(rows).toEqual(await fieldByField(values));
    expect(rows[0]?.[13]).toBe(at.getTime() + 1500);
  });

  it('keeps the order of an ordered statement, and answers no rows as none', async () => {
    const q = sql<unknown>`select n, md5(n::text) as h from generate_series(1, 5000) n order by md5(n::text) desc`.compile(h.db);
    expect(await queryArrays(h.db, q)).toEqual(await fieldByField(q));
    const none = sql<unknown>`select n from generate_series(1, 0) n`.compile(h.db);
    expect(await queryArrays(h.db, none)).toEqual([]);
    const rows: unknown[][] = [];
    for await (const r of streamArrays(h.db, q)) rows.push(r);
    expect(rows).toEqual(await fieldByField(q));
  });

  it('runs what cannot be read as JSON as it is: a write, more columns than json_build_array takes', async () => {
    await sql`create temporary table jt (n int, s text)`.execute(h.db);
    const insert = sql<unknown>`insert into jt select n, 's' || n from generate_series(1, 3) n returning n, s`.compile(h.db);
    expect(await queryArrays(h.db, insert)).toEqual([
      [1, 's1'],
      [2, 's2'],
      [3, 's3'],
    ]);
    const wide = sql<unknown>`select ${sql.raw(Array.from({ length: 120 }, (_, i) => `${i} as c${i}`).join(', '))}, now() as t`.compile(
      h.db,
    );
    const [row] = await queryArrays(h.db, wide);
    expect(row).toHaveLength(121);
    expect(typeof row?.[120]).toBe('number');
  });
});
