/** Emergency modes set at once by several operators (issue 37, item 6): the mode or a 409, never a 500. */
import type { EmergencyRow } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/harness.ts';

describe('emergency modes set concurrently', () => {
  let t: TestApp;
  let admin: string;
  let community: number;
  beforeAll(async () => {
    t = await testApp();
    admin = (await t.signIn({ roleId: 1 })).token;
    community = await t.createCommunity('Busy Court');
  });
  afterAll(async () => t.close());

  it('30 calls at once: each sets its mode in turn (the last one stays in force), none fails', async () => {
    const modes = ['lockdown', 'allOpen'] as const;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.post<EmergencyRow>('/emergency/setMode', { communityId: community, mode: modes[i % 2], reason: `call ${i}` }, admin),
      ),
    );
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 200)).toEqual([]);
    const active = (await t.get<EmergencyRow[]>('/emergency/getActive', {}, admin)).body.content.filter((r) => r.communityId === community);
    expect(active).toHaveLength(1);
    // Every call set its mode in turn, each replacing the one before: the newest is in force.
    const rows = await t.db.selectFrom('emergency_mode').select(['id', 'lifted_at']).where('community_id', '=', community).execute();
    expect(rows).toHaveLength(30);
    expect(rows.filter((r) => r.lifted_at === null).map((r) => r.id)).toEqual([Math.max(...rows.map((r) => r.id))]);
    expect(active[0]?.id).toBe(Math.max(...rows.map((r) => r.id)));
  });
});
