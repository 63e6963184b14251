import type { DeviceSecret, GroupRow, MoveOutDone, MoveOutPreview, MoveOutProgress, Review } from '@gatehouse/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewDevice } from '../../test/devices.ts';
import { type TestApp, testApp } from '../../test/harness.ts';
import { addAddress } from '../card/test-kit.ts';

/**
 * A household holding more cards than a statement can bind parameters (65,535): the review,
 * the move-out preview, the move-out and its progress answer, each list going to the
 * database as one array parameter (issue 37 item 4; on 767fbc3 all four answered 500).
 */
describe('a household of 66,000 cards given a group', () => {
  let t: TestApp;
  let token: string;
  let community: number;
  let home: number;
  let unit: DeviceSecret;
  const cards = 66_000;

  const ok = <T>(res: { body: { status: number; msgs: string[]; content: T } }) => {
    expect(res.body.status, res.body.msgs.join('; ')).toBe(200);
    return res.body.content;
  };

  beforeAll(async () => {
    t = await testApp({ config: { GROUP_FANOUT_POLL_MS: 0 } });
    ({ token } = await t.signIn({ roleId: 1 }));
    community = await t.createCommunity('Tower Estate');
    unit = await bindNewDevice(t, token, community);
    home = await addAddress(t, community, 'T1 0101');
    const group = ok(
      await t.post<GroupRow>('/rules/saveGroup', { communityId: community, name: 'Tower', scheduleId: 0, units: [unit.addressid] }, token),
    );
    await sql`insert into card (card_no, community_id, address_id, account, card_type, card_mode)
      select 'T' || g, ${community}, ${home}, '13800007777', 'accesscard', 'ic' from generate_series(1, ${cards}) g`.execute(t.db);
    await sql`insert into access_group_card (group_id, card_id) select ${group.id}, id from card where address_id = ${home}`.execute(t.db);
  }, 120_000);
  afterAll(() => t.close());

  it('the review lists every card with the group and its unit', async () => {
    const review = ok(await t.get<Review>('/review/getReview', { addressId: home }, token));
    expect(review.credentials.length).toBe(cards);
    expect(review.credentials.every((c) => c.groups[0]?.name === 'Tower' && c.places[0]?.gateId === unit.addressid)).toBe(true);
  }, 120_000);

  it('the preview counts one delete per card; the move-out withdraws them all and its progress follows them', async () => {
    const preview = ok(await t.get<MoveOutPreview>('/review/previewMoveOut', { addressId: home }, token));
    expect(preview.items.length).toBe(cards);
    expect(preview.commands).toBe(cards);
    const done = ok(await t.post<MoveOutDone>('/review/moveOut', { addressId: home, reason: 'Building sold' }, token));
    expect(done).toMatchObject({ items: cards, commands: cards });
    expect(
      Number((await sql<{ n: number }>`select count(*)::int as n from card where address_id = ${home}`.execute(t.db)).rows[0]?.n),
    ).toBe(0);
    const progress = ok(await t.get<MoveOutProgress>('/review/getMoveOutProgress', { id: done.id }, token));
    expect(progress).toMatchObject({ total: cards, acked: 0, failed: 0, done: false });
    expect(new Set(progress.commands.map((c) => c.object)).size).toBe(cards);
  }, 120_000);
});
