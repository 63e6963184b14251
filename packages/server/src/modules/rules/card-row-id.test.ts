import { ADDRESS_TYPE } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../test/harness.ts';
import { addAddress, managerOf, newCard } from '../card/test-kit.ts';

type Groups = { selected: number[] };
type Param = { name: string; deprecated?: boolean };
type Op = {
  parameters?: Param[];
  requestBody?: { content: Record<string, { schema: { properties: Record<string, { deprecated?: boolean }> } }> };
};

/**
 * A card's groups name the card by its row id, `cardRowId` (issue 32 item 3); `cardId`, the
 * same row id under its old name, stays accepted for one release as a deprecated alias.
 */
describe("a card's groups: cardRowId and the deprecated cardId", () => {
  let t: TestApp;
  let manager: { id: number; token: string };
  let cardRowId: number;
  let groupId: number;

  beforeAll(async () => {
    t = await testApp();
    const { token: admin } = await t.signIn({ roleId: 1 });
    const c = await t.createCommunity('Alias Court');
    manager = await managerOf(t, c);
    const home = await addAddress(t, c, 'A 101');
    const gate = await addAddress(t, c, 'Alias Gate', ADDRESS_TYPE.doorUnit);
    cardRowId = (await newCard(t, manager.token, { cardid: 'AL1', communityId: c, addressId: home })).id;
    groupId = (await t.post<{ id: number }>('/rules/saveGroup', { communityId: c, name: 'Alias', scheduleId: 0, units: [gate] }, admin))
      .body.content.id;
  });
  afterAll(async () => t.close());

  const get = (input: Record<string, unknown>) => t.get<Groups>('/rules/getCardGroups', input, manager.token);
  const set = (input: Record<string, unknown>) => t.post<Groups>('/rules/setCardGroups', input, manager.token);

  it('cardRowId sets and reads the groups', async () => {
    expect((await set({ cardRowId, groupIds: groupId })).body.content.selected).toEqual([groupId]);
    expect((await get({ cardRowId })).body.content.selected).toEqual([groupId]);
  });

  it('the deprecated cardId reads and sets them the same way', async () => {
    expect((await get({ cardId: cardRowId })).body.content.selected).toEqual([groupId]);
    expect((await set({ cardId: cardRowId, groupIds: [] })).body.content.selected).toEqual([]);
    expect((await get({ cardRowId })).body.content.selected).toEqual([]);
    expect((await set({ cardId: cardRowId, groupIds: groupId })).body.content.selected).toEqual([groupId]);
  });

  it('cardRowId wins over cardId; neither is a 400 naming the id', async () => {
    expect((await get({ cardRowId, cardId: 2_000_000_000 })).body.content.selected).toEqual([groupId]);
    const none = await get({});
    expect(none.body.status).toBe(400);
    expect(none.body.msgs).toEqual(['Please enter id']);
    expect((await set({ groupIds: groupId })).body.status).toBe(400);
  });

  it('openapi.json marks cardId deprecated, cardRowId not', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, Op>> };
    const params = doc.paths['/api/rules/getCardGroups']?.get?.parameters ?? [];
    expect(params.find((p) => p.name === 'cardId')?.deprecated).toBe(true);
    expect(params.find((p) => p.name === 'cardRowId')?.deprecated).toBeUndefined();
    const body = doc.paths['/api/rules/setCardGroups']?.post?.requestBody?.content ?? {};
    const props = Object.values(body)[0]?.schema.properties ?? {};
    expect(props.cardId?.deprecated).toBe(true);
    expect(props.cardRowId?.deprecated).toBeUndefined();
  });
});
