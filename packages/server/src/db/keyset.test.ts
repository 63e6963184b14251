import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPlaceNames } from './names.ts';
import { type TestApp, testApp } from '../test/harness.ts';
import { streamBatch } from './index.ts';
import { type Cursor, keysetPage, keysetRows, selectedNames } from './keyset.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

/** Op-log rows of one account, several sharing a time (ties broken by id), a names-joined select over them. */
const select = (desc: boolean, at: Cursor | null, limit: number) =>
  keysetPage(
    t.db
      .selectFrom('op_log as o')
      .where('o.regno', '=', '13955550000')
      .select(['o.id', 'o.addtime', 'o.regno as account', 'o.detail', sql<number>`o.id % 7`.as('seven')]),
    { sort: 'o.addtime', id: 'o.id' },
    desc,
    at,
    limit,
  );

describe('keysetRows: an export’s rows, batch after batch, as objects', () => {
  it('names the columns of a select as its row objects have them', async () => {
    const q = withPlaceNames(select(true, null, 3), { community: 'o.community_id' });
    const row = await q.executeTakeFirst();
    const names = selectedNames(q.compile());
    expect(names).toEqual(['id', 'addtime', 'account', 'detail', 'seven', 'community_name']);
    if (row) expect(Object.keys(row)).toEqual(names);
  });

  it('hands on every row once, in order, across batches, with timestamps as epoch ms', async () => {
    const n = streamBatch(t.db) * 2 + 7;
    await sql`insert into op_log (name1, name2, content, regno, addtime, detail)
      select 'account', 'account', 'oplog.x', '13955550000', timestamptz '2026-01-01' + (g / 3) * interval '1 second', json_build_object('g', g)
      from generate_series(1, ${n}) g`.execute(t.db);
    for (const desc of [true, false]) {
      const all = await select(desc, null, n + 1).execute();
      const streamed = [];
      for await (const r of keysetRows(t.db, (at, limit) => select(desc, at, limit), { sort: 'addtime', id: 'id' })) streamed.push(r);
      expect(streamed).toHaveLength(n);
      expect(streamed).toEqual(all.map((r) => ({ ...r, addtime: r.addtime.getTime() })));
    }
  }, 120_000);
});
