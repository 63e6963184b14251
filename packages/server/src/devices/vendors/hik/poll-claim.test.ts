import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/harness.ts';
import { seedUnits } from '../../../test/units.ts';
import { claimPolls } from './poll-claim.ts';

/** Several instances share the Hikvision terminals' polling: each terminal is asked by one of them a period. */
describe('claimPolls', () => {
  let t: TestApp;
  let ids: number[];

  beforeAll(async () => {
    t = await testApp();
    await seedUnits(t.db, 4, 1, 'x');
    ids = (await t.db.selectFrom('device').select('id').orderBy('id').execute()).map((r) => r.id);
  });
  afterAll(() => t?.close());

  it('gives each terminal to one instance a period, and again once the period is over', async () => {
    const a = await claimPolls(t.db, ids, 'inst-a', 60_000);
    expect([...a].sort()).toEqual(ids);
    // Another instance (or the same one early) in the same period gets none of them.
    expect((await claimPolls(t.db, ids, 'inst-b', 60_000)).size).toBe(0);
    // A terminal asked long enough ago goes to whoever asks next.
    await t.db
      .updateTable('unit_poll')
      .set({ polled_at: new Date(Date.now() - 120_000) })
      .where('device_id', '=', ids[0] as number)
      .execute();
    expect([...(await claimPolls(t.db, ids, 'inst-b', 60_000))]).toEqual([ids[0]]);
    const by = await t.db.selectFrom('unit_poll').select(['device_id', 'polled_by']).orderBy('device_id').execute();
    expect(by.map((r) => r.polled_by)).toEqual(['inst-b', ...ids.slice(1).map(() => 'inst-a')]);
  });
});
