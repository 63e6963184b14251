import { CMD_KIND, type DeviceSecret, type GroupMember, type GroupMembers, type GroupRow } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewDevice } from '../../test/devices.ts';
import { type TestApp, testApp } from '../../test/harness.ts';
import { addAddress, managerOf, newCard, revokeMenu } from '../card/test-kit.ts';
import { insertPhotoRow, writePhoto } from '../face/photos.ts';
import { oneFace } from '../face/test-photos.ts';

/** A group takes its members on its own page (issue 36 item 10): found, added, removed, sent to the group's units. */
describe("a group's members on its own page", () => {
  let t: TestApp;
  let token: string;
  let community: number;
  let other: number;
  let home: number;
  const units: DeviceSecret[] = [];
  let group: GroupRow;

  const ok = <T>(res: { body: { status: number; msgs: string[]; content: T } }) => {
    expect(res.body.status, res.body.msgs.join('; ')).toBe(200);
    return res.body.content;
  };
  const commandsFor = async (objectKey: string) =>
    (
      await t.db
        .selectFrom('command')
        .select(['address_id', 'kind'])
        .where('object_key', '=', objectKey)
        .where('status', '=', 0)
        .orderBy('address_id')
        .execute()
    ).map((c) => `${c.address_id}:${c.kind}`);

  beforeAll(async () => {
    t = await testApp();
    ({ token } = await t.signIn({ roleId: 1 }));
    community = await t.createCommunity('Member Court');
    other = await t.createCommunity('Other Court');
    home = await addAddress(t, community, 'M 101');
    for (let i = 0; i < 2; i++) units.push(await bindNewDevice(t, token, community));
    group = ok(
      await t.post<GroupRow>(
        '/rules/saveGroup',
        { communityId: community, name: 'Cleaners', scheduleId: 0, units: units.map((u) => u.addressid) },
        token,
      ),
    );
  });
  afterAll(() => t.close());

  it("finds the community's cards and faces, adds them (sent to both units) and removes them (withdrawn), with the op log", async () => {
    const card = await newCard(t, token, { cardid: 'MEM001', communityId: community, addressId: home, account: '13800001111' });
    const jpeg = await oneFace();
    const fileId = await insertPhotoRow(t.db, await writePhoto(t.config, jpeg), jpeg.length, community, 'f.jpg');
    const face = await t.db
      .insertInto('face')
      .values({ community_id: community, address_id: home, account: '13800001111', user_name: 'Lin Mei', photo_file_id: fileId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await newCard(t, token, { cardid: 'MEM999', communityId: other, addressId: await addAddress(t, other, 'O 1'), account: '13800001112' });

    const found = ok(await t.get<GroupMember[]>('/rules/findGroupCandidates', { groupId: group.id, text: 'MEM' }, token));
    expect(found.map((m) => `${m.kind}:${m.label}`)).toEqual(['card:MEM001']);
    expect(ok(await t.get<GroupMember[]>('/rules/findGroupCandidates', { groupId: group.id, text: 'Lin' }, token))).toEqual([
      { kind: 'face', id: face.id, label: 'Lin Mei', account: '13800001111', userName: 'Lin Mei', address: 'M 101' },
    ]);

    const added = ok(await t.post<GroupMembers>('/rules/addGroupMembers', { groupId: group.id, cards: card.id, faces: face.id }, token));
    expect(added.cards).toBe(1);
    expect(added.faces).toBe(1);
    expect(added.members.map((m) => `${m.kind}:${m.label}`)).toEqual(['card:MEM001', 'face:Lin Mei']);
    expect(await commandsFor('card:MEM001')).toEqual(units.map((u) => `${u.addressid}:${CMD_KIND.cardPut}`));
    expect(await commandsFor(`face:${face.id}`)).toEqual(units.map((u) => `${u.addressid}:${CMD_KIND.facePut}`));
    expect((await t.lastOpLog())?.content).toContain('op.rules.group.members');
    // A member is no longer a candidate; the group list counts it.
    expect(ok(await t.get<GroupMember[]>('/rules/findGroupCandidates', { groupId: group.id, text: 'MEM' }, token))).toEqual([]);
    expect(ok(await t.get<GroupRow[]>('/rules/getGroups', { communityId: community }, token))[0]?.cardCount).toBe(1);

    const left = ok(await t.post<GroupMembers>('/rules/removeGroupMembers', { groupId: group.id, cards: card.id, faces: '' }, token));
    expect(left.members.map((m) => m.kind)).toEqual(['face']);
    expect(await commandsFor('card:MEM001')).toEqual(units.map((u) => `${u.addressid}:${CMD_KIND.cardDelete}`));
  });

  it('refuses a card of another community (nothing changes), and faces to a manager without the face menu', async () => {
    const theirs = await newCard(t, token, {
      cardid: 'MEM777',
      communityId: other,
      addressId: await addAddress(t, other, 'O 2'),
      account: '13800001113',
    });
    const res = await t.post('/rules/addGroupMembers', { groupId: group.id, cards: theirs.id }, token);
    expect([res.body.status, res.body.msgs]).toEqual([400, ["The chosen cards or faces do not belong to the group's community"]]);
    expect(ok(await t.get<GroupMembers>('/rules/getGroupMembers', { groupId: group.id }, token)).cards).toBe(0);
    const manager = await managerOf(t, community);
    await t.db
      .insertInto('account_menu')
      .values({ account_id: manager.id, menu_id: 110 })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await revokeMenu(t, manager.id, 'access.faceid');
    const face = (await t.db.selectFrom('face').select('id').where('community_id', '=', community).executeTakeFirstOrThrow()).id;
    expect((await t.post('/rules/removeGroupMembers', { groupId: group.id, faces: face }, manager.token)).body.status).toBe(403);
    expect(ok(await t.get<GroupMembers>('/rules/getGroupMembers', { groupId: group.id }, token)).faces).toBe(1);
    // Out of scope: the group of a community the manager does not manage.
    const theirGroup = ok(
      await t.post<GroupRow>('/rules/saveGroup', { communityId: other, name: 'Theirs', scheduleId: 0, units: '' }, token),
    );
    expect((await t.get('/rules/getGroupMembers', { groupId: theirGroup.id }, manager.token)).body.status).toBe(403);
  });
});
