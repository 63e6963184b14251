import { CMD_KIND, type DeviceSecret, type GroupRow } from '@gatehouse/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewDevice } from '../../test/devices.ts';
import { type TestApp, testApp } from '../../test/harness.ts';
import { addAddress } from '../card/test-kit.ts';
import { FANOUT, runFanOutBatch, runFanOuts } from './fanout.ts';

/**
 * A big access group (more members than FANOUT.inline): its changes answer at once, the
 * members are sent by the background fan-out in batches, the group list shows how far it got,
 * and two instances working the same job never send a batch twice.
 */
describe('big access groups: the fan-out in the background', () => {
  let t: TestApp;
  let token: string;
  let community: number;
  let unitA: DeviceSecret;
  let unitB: DeviceSecret;
  const members = FANOUT.inline + 250;

  const post = async <T>(url: string, body: Record<string, unknown>) => {
    const res = await t.post<T>(url, body, token);
    if (res.body.status !== 200) throw new Error(`${url}: ${res.body.msgs.join('; ')}`);
    return res.body.content;
  };
  const cardCommands = async (addressId: number, kind: string) =>
    Number(
      (
        await t.db
          .selectFrom('command')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('address_id', '=', addressId)
          .where('kind', '=', kind)
          .where('status', '=', 0)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const groups = async () => (await t.get<GroupRow[]>('/rules/getGroups', { communityId: community }, token)).body.content;

  beforeAll(async () => {
    t = await testApp({ config: { GROUP_FANOUT_POLL_MS: 0 } });
    ({ token } = await t.signIn({ roleId: 1 }));
    community = await t.createCommunity('Big Estate');
    unitA = await bindNewDevice(t, token, community);
    unitB = await bindNewDevice(t, token, community);
    const home = await addAddress(t, community, 'B9 901');
    // The cards, straight into the tables (what an import of this size leaves behind).
    await sql`insert into card (card_no, community_id, address_id, account, card_type, card_mode)
      select 'FAN' || g, ${community}, ${home}, '13800009999', 'accesscard', 'ic' from generate_series(1, ${members}) g`.execute(t.db);
  });
  afterAll(() => t.close());

  it('a unit added to the group answers at once; the members reach it in batches, the list showing the progress', async () => {
    const group = await post<GroupRow>('/rules/saveGroup', {
      communityId: community,
      name: 'Everyone',
      scheduleId: 0,
      units: [unitA.addressid],
    });
    await sql`insert into access_group_card (group_id, card_id) select ${group.id}, id from card where card_no like 'FAN%'`.execute(t.db);
    const saved = await post<GroupRow>('/rules/saveGroup', {
      id: group.id,
      communityId: community,
      name: 'Everyone',
      scheduleId: 0,
      units: [unitA.addressid, unitB.addressid],
    });
    expect(saved.cardCount).toBe(members);
    expect(saved.sending).toEqual({ done: 0, total: members });
    expect(await cardCommands(unitB.addressid, CMD_KIND.cardPut)).toBe(0);

    expect(await runFanOutBatch(t.services)).toBe(true);
    expect((await groups()).find((g) => g.id === group.id)?.sending).toEqual({ done: FANOUT.batch.card, total: members });
    expect(await cardCommands(unitB.addressid, CMD_KIND.cardPut)).toBe(FANOUT.batch.card);

    await runFanOuts(t.services);
    expect((await groups()).find((g) => g.id === group.id)?.sending).toBeUndefined();
    expect(await cardCommands(unitB.addressid, CMD_KIND.cardPut)).toBe(members);
    // Unit A had the cards already: nothing re-sent there.
    expect(await cardCommands(unitA.addressid, CMD_KIND.cardPut)).toBe(0);
  });

  it('two instances working the same job send each member once', async () => {
    const [g] = (await groups()).filter((x) => x.name === 'Everyone');
    const before = await cardCommands(unitA.addressid, CMD_KIND.cardPut);
    // A new schedule: every member re-sent to both units.
    const schedule = await post<{ id: number }>('/rules/saveSchedule', {
      communityId: community,
      name: 'Office hours',
      week: JSON.stringify([['08:00-18:00'], ['08:00-18:00'], ['08:00-18:00'], ['08:00-18:00'], ['08:00-18:00'], [], []]),
      holidayMode: 0,
    });
    await post<GroupRow>('/rules/saveGroup', {
      id: g?.id,
      communityId: community,
      name: 'Everyone',
      scheduleId: schedule.id,
      units: [unitA.addressid, unitB.addressid],
    });
    await Promise.all([runFanOuts(t.services), runFanOuts(t.services)]);
    const puts = await t.db
      .selectFrom('command')
      .select(['object_key', 'payload'])
      .where('address_id', '=', unitA.addressid)
      .where('kind', '=', CMD_KIND.cardPut)
      .where('status', '=', 0)
      .execute();
    // The earlier puts were superseded (cancelled); each card has one pending put with the new schedule.
    expect(puts.length).toBe(members);
    expect(new Set(puts.map((p) => p.object_key)).size).toBe(members);
    const payload = (p: unknown) => (typeof p === 'string' ? JSON.parse(p) : p) as { schedules?: number[] };
    expect(puts.every((p) => payload(p.payload).schedules?.[0] === schedule.id)).toBe(true);
    expect(before).toBe(0);
  });

  it('deleting the group answers at once and withdraws every member from both units', async () => {
    const [g] = (await groups()).filter((x) => x.name === 'Everyone');
    await post('/rules/deleteGroup', { id: g?.id });
    expect(
      await t.db
        .selectFrom('access_group')
        .select('id')
        .where('id', '=', g?.id as number)
        .executeTakeFirst(),
    ).toBeUndefined();
    const open = await t.db.selectFrom('access_group_fanout').select(['total', 'done']).where('finished_at', 'is', null).execute();
    expect(open).toEqual([{ total: members, done: 0 }]);
    await runFanOuts(t.services);
    expect(await cardCommands(unitA.addressid, CMD_KIND.cardDelete)).toBe(members);
    expect(await cardCommands(unitB.addressid, CMD_KIND.cardDelete)).toBe(members);
    // The puts still waiting were superseded by the deletes.
    expect(await cardCommands(unitA.addressid, CMD_KIND.cardPut)).toBe(0);
  });
});
