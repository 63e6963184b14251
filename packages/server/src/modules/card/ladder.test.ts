import { CMD_KIND, type DeviceSecret, type LadderDownloadInfo } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewDevice } from '../../test/devices.ts';
import { testApp, type TestApp } from '../../test/harness.ts';
import { addAddress, counts, managerOf, newCard, revokeMenu } from './test-kit.ts';

let t: TestApp;
let admin: string;
let mine: number;
let other: number;
let manager: { id: number; token: string };
let home: number;
let gate1: DeviceSecret;
let gate2: DeviceSecret;
let theirGate: DeviceSecret;
let cardRowId: number;
let faceId: number;
beforeAll(async () => {
  t = await testApp();
  ({ token: admin } = await t.signIn({ roleId: 1 }));
  mine = await t.createCommunity('Lakeside');
  other = await t.createCommunity('Hillside');
  manager = await managerOf(t, mine);
  home = await addAddress(t, mine, 'B1 101');
  gate1 = await bindNewDevice(t, admin, mine);
  gate2 = await bindNewDevice(t, admin, mine);
  theirGate = await bindNewDevice(t, admin, other);
  cardRowId = (
    await newCard(t, manager.token, { cardid: 'LIFT1', communityId: mine, addressId: home, cardtype: 'laddercard', account: '13800000021' })
  ).id;
  const photo = await t.db
    .insertInto('stored_file')
    .values({ kind: 'face', path: 'faces/x.jpg', mime: 'image/jpeg', size: 1, original_name: 'x.jpg', community_id: mine })
    .returning('id')
    .executeTakeFirstOrThrow();
  faceId = (
    await t.db
      .insertInto('face')
      .values({ community_id: mine, address_id: home, account: '13800000022', user_name: 'Bo', photo_file_id: photo.id })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => t.close());

const full = (addressid: number, extra: Record<string, unknown> = {}) => ({
  addressid,
  ResiLevel: '05',
  bank: 1,
  node: 2,
  GateType: 0,
  isadmin: 0,
  isVilla: 0,
  FrontUnlockLevelList: ['01', '05'],
  BackUnlockLevelList: [],
  ...extra,
});
const save = (id: number, source: number, lcls: unknown[], token = manager.token) =>
  t.post<{ queued: number }>('/card/updateLadderControl', { id, source, lcls: JSON.stringify(lcls) }, token);
const ladderFiles = async (addressId: number) =>
  (
    await t.db
      .selectFrom('command')
      .select(['status', 'payload'])
      .where('address_id', '=', addressId)
      .where('kind', '=', CMD_KIND.ladderFile)
      .orderBy('id')
      .execute()
  ).map((c) => (typeof c.payload === 'string' ? JSON.parse(c.payload) : c.payload) as { entries: Record<string, unknown>[] });

describe('lift configuration dialog (ladder control)', () => {
  it('answers 401, 403 out of scope and without the face menu for faces', async () => {
    expect((await t.get('/card/getLadderDownloadInfo', { id: cardRowId, source: 0 })).statusCode).toBe(401);
    const theirs = await newCard(t, admin, {
      cardid: 'T',
      communityId: other,
      addressId: await addAddress(t, other, 'H'),
      cardtype: 'laddercard',
    });
    expect((await t.get('/card/getLadderDownloadInfo', { id: theirs.id, source: 0 }, manager.token)).statusCode).toBe(403);
    const staff = await managerOf(t, mine);
    await revokeMenu(t, staff.id, 'access.faceid');
    expect((await t.get('/card/getLadderDownloadInfo', { id: faceId, source: 1 }, staff.token)).statusCode).toBe(403);
    expect((await t.get('/card/getLadderDownloadInfo', { id: cardRowId, source: 0 }, staff.token)).statusCode).toBe(200);
    expect((await t.get('/card/getLadderDownloadInfo', { id: cardRowId, source: 2 }, staff.token)).body.msgs).toEqual([
      'source is invalid',
    ]);
  });

  it('refuses an incomplete door unit naming it, bad values and foreign door units; nothing changes', async () => {
    const before = await counts(t);
    const name1 = (await t.db.selectFrom('address').select('address').where('id', '=', gate1.addressid).executeTakeFirstOrThrow()).address;
    const res = await save(cardRowId, 0, [full(gate1.addressid, { node: '' }), full(gate2.addressid)]);
    expect(res.statusCode).toBe(400);
    expect(res.body.msgs).toEqual([`${name1}: resident floor, lift group, lift number and door type must be completely filled`]);
    // only the admin flag and floors, none of the four: incomplete too, not silently dropped
    const onlyFloors = full(gate1.addressid, { ResiLevel: '', bank: '', node: '', GateType: '', isadmin: 1 });
    expect((await save(cardRowId, 0, [onlyFloors])).body.msgs).toEqual([
      `${name1}: resident floor, lift group, lift number and door type must be completely filled`,
    ]);
    expect((await save(cardRowId, 0, [full(gate1.addressid, { bank: 9 })])).body.msgs).toEqual(['lift group is invalid']);
    expect((await save(cardRowId, 0, [full(gate1.addressid, { ResiLevel: '99', FrontUnlockLevelList: ['77'] })])).body.msgs).toEqual([
      'resident floor is invalid',
      'front-unlock floors is invalid',
    ]);
    expect((await save(cardRowId, 0, [full(theirGate.addressid)])).body.msgs).toEqual([
      `Door unit ${theirGate.addressid} does not belong to the community of the card`,
    ]);
    expect(await counts(t)).toEqual(before);
  });

  it('saves a card lift control, answers it back and queues the lift file of the changed door units', async () => {
    const res = await save(cardRowId, 0, [
      full(gate1.addressid, { isadmin: true }),
      { addressid: gate2.addressid, ResiLevel: '', bank: '', node: null, GateType: '' },
    ]);
    expect(res.body).toMatchObject({ status: 200, msgs: ['Configuration successful'], content: { queued: 1 } });
    expect(await t.lastOpLog()).toMatchObject({ name2: 'access.ladder', content: 'op.card.ladder::{"cardid":"LIFT1"}' });
    const info = await t.get<LadderDownloadInfo>(
      '/card/getLadderDownloadInfo',
      { id: cardRowId, source: 0, communityname: 'Lakeside' },
      manager.token,
    );
    expect(info.body.content.allGms.map((g) => g.intValue).sort()).toEqual([gate1.addressid, gate2.addressid].sort());
    expect(info.body.content.configured).toEqual([
      expect.objectContaining({
        addressid: gate1.addressid,
        ResiLevel: '05',
        bank: 1,
        node: 2,
        GateType: 0,
        isadmin: 1,
        FrontUnlockLevelList: ['01', '05'],
      }),
    ]);
    expect(info.body.content.holder).toMatchObject({ cardid: 'LIFT1', account: '13800000021', address: 'B1 101' });
    const file = (await ladderFiles(gate1.addressid)).at(-1);
    expect(file?.entries).toEqual([
      expect.objectContaining({
        source: 'card',
        holderId: cardRowId,
        cardId: 'LIFT1',
        account: '13800000021',
        ResiLevel: '05',
        isadmin: 1,
      }),
    ]);
    // saving the same again changes nothing and queues nothing
    expect((await save(cardRowId, 0, [full(gate1.addressid, { isadmin: 1 })])).body.content).toEqual({ queued: 0 });
  });

  it('saves a face lift control (source 1) into the same lift file', async () => {
    const res = await save(faceId, 1, [full(gate1.addressid, { ResiLevel: '-2', GateType: 2, BackUnlockLevelList: ['-1'] })]);
    expect(res.body.content).toEqual({ queued: 1 });
    expect(await t.lastOpLog()).toMatchObject({ name2: 'access.faceid', content: 'op.face.ladder::{"account":"13800000022"}' });
    const file = (await ladderFiles(gate1.addressid)).at(-1);
    expect(file?.entries.map((e) => [e.source, e.account])).toEqual([
      ['card', '13800000021'],
      ['face', '13800000022'],
    ]);
  });

  it('removing a door unit from the list removes its lift control and re-sends that file', async () => {
    const res = await save(cardRowId, 0, []);
    expect(res.body.content).toEqual({ queued: 1 });
    const file = (await ladderFiles(gate1.addressid)).at(-1);
    expect(file?.entries.map((e) => e.source)).toEqual(['face']);
  });
});
