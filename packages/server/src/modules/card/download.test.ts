import { ADDRESS_TYPE, type CardDownloadInfo, CMD_KIND, CMD_STATUS, type DeviceSecret, type DoorUnitCardRow } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewDevice } from '../../test/devices.ts';
import { testApp, type TestApp } from '../../test/harness.ts';
import { addAddress, counts, managerOf, newCard } from './test-kit.ts';

let t: TestApp;
let admin: string;
let mine: number;
let other: number;
let manager: { id: number; token: string };
let home: number;
let gate1: DeviceSecret;
let gate2: DeviceSecret;
let theirGate: DeviceSecret;
let villaGate: number;
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
  villaGate = await addAddress(t, mine, 'Villa 7 gate', ADDRESS_TYPE.doorUnit, 1);
});
afterAll(async () => t.close());

const cardCommands = async (addressId: number) =>
  (
    await t.db
      .selectFrom('command')
      .select(['kind', 'status', 'object_key', 'payload', 'type'])
      .where('address_id', '=', addressId)
      .where('kind', 'like', 'card.%')
      .orderBy('id')
      .execute()
  ).map((c) => ({ ...c, payload: typeof c.payload === 'string' ? JSON.parse(c.payload) : c.payload }));

const entry = (gateID: number, validfrom = '2026/01/01 00:00:00', validto = '2030/12/31 23:59:59', info = '') => ({
  gateID,
  validfrom,
  validto,
  info,
});
const save = (id: number, agas: unknown[], token = manager.token) =>
  t.post<{ queued: number }>('/card/updateCardAddressInfo', { id, agas: JSON.stringify(agas) }, token);

describe('download dialog: a card on door units', () => {
  it('answers 401, 403 out of scope and 404 for an unknown card', async () => {
    expect((await t.get('/card/getCardAddressDownloadInfo', { id: 1 })).statusCode).toBe(401);
    const theirs = await newCard(t, admin, { cardid: 'T1', communityId: other, addressId: await addAddress(t, other, 'H 1') });
    expect((await t.get('/card/getCardAddressDownloadInfo', { id: theirs.id }, manager.token)).statusCode).toBe(403);
    expect((await save(theirs.id, [entry(theirGate.addressid)])).statusCode).toBe(403);
    expect((await t.get('/card/getCardAddressDownloadInfo', { id: 999999 }, manager.token)).statusCode).toBe(404);
  });

  it('offers the community door units with the default validity; nothing configured hides delete-all', async () => {
    const card = await newCard(t, manager.token, { cardid: 'K1', communityId: mine, addressId: home });
    const info = await t.get<CardDownloadInfo>(
      '/card/getCardAddressDownloadInfo',
      { id: card.id, communityname: 'Lakeside' },
      manager.token,
    );
    const c = info.body.content;
    expect(c.allGms.map((g) => g.intValue).sort()).toEqual([gate1.addressid, gate2.addressid, villaGate].sort());
    // each offered unit names its kind (issue 33): the bound ones are MQTT units, the villa gate has no device yet
    const kinds = Object.fromEntries(c.allGms.map((g) => [g.intValue, g.unitKind]));
    expect(kinds).toEqual({ [gate1.addressid]: 'gatehouse-mqtt', [gate2.addressid]: 'gatehouse-mqtt', [villaGate]: null });
    expect(c.configured).toEqual([]);
    expect(c.deletAll).toBe(true);
    expect(c.now).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Number(c.after.slice(0, 4)) - Number(c.now.slice(0, 4))).toBe(10);
  });

  it('refuses an empty selection when nothing is configured, as the face dialog does (001 §5)', async () => {
    const card = await newCard(t, manager.token, { cardid: 'K9', communityId: mine, addressId: home });
    const logBefore = await t.lastOpLog();
    const res = await save(card.id, []);
    expect([res.statusCode, res.body.msgs]).toEqual([400, ['Please choose door unit']]);
    expect(await t.db.selectFrom('card_gate').select('id').where('card_id', '=', card.id).execute()).toEqual([]);
    expect(await t.lastOpLog()).toEqual(logBefore);
  });

  it('offers and accepts only door units with a card reader', async () => {
    const card = await newCard(t, manager.token, { cardid: 'K0', communityId: mine, addressId: home });
    const noReader = await addAddress(t, mine, 'Side gate (face only)', ADDRESS_TYPE.doorUnit);
    await t.db.updateTable('address').set({ hardware: 1 }).where('id', '=', noReader).execute();
    const info = await t.get<CardDownloadInfo>('/card/getCardAddressDownloadInfo', { id: card.id }, manager.token);
    expect(info.body.content.allGms.map((g) => g.intValue)).not.toContain(noReader);
    const res = await save(card.id, [entry(noReader)]);
    expect(res.statusCode).toBe(400);
    expect(res.body.msgs).toEqual(['The door unit "Side gate (face only)" does not support cards']);
    await t.db.deleteFrom('address').where('id', '=', noReader).execute();
  });

  it('refuses bad entries with one message per rule and changes nothing', async () => {
    const card = await newCard(t, manager.token, { cardid: 'K2', communityId: mine, addressId: home });
    const before = await counts(t);
    expect((await save(card.id, [entry(gate1.addressid, '2030/01/01 00:00:00', '2029/01/01 00:00:00')])).body.msgs).toEqual([
      'The effective time must be before the expiry time',
    ]);
    expect((await save(card.id, [entry(gate1.addressid, 'soon')])).body.msgs).toEqual(['effective time is invalid']);
    expect((await t.post('/card/updateCardAddressInfo', { id: card.id, agas: 'not json' }, manager.token)).body.msgs).toEqual([
      'door unit configuration is invalid',
    ]);
    const res = await save(card.id, [entry(theirGate.addressid), entry(gate1.addressid), entry(gate1.addressid)]);
    expect(res.statusCode).toBe(400);
    expect(res.body.msgs).toEqual([
      `Door unit ${theirGate.addressid} does not belong to the community of the card`,
      expect.stringMatching(/is listed twice$/),
    ]);
    expect(await counts(t)).toEqual(before);
  });

  it('saves the list, queues card.put to new door units and card.delete to removed ones, with the op log', async () => {
    const card = await newCard(t, manager.token, {
      cardid: 'K3',
      communityId: mine,
      addressId: home,
      account: '13800000007',
      cardmode: 'id',
    });
    const res = await save(card.id, [
      entry(gate1.addressid, '2026/01/01 08:00:00', '2030/12/31 23:59:59', 'front'),
      entry(gate2.addressid),
    ]);
    expect(res.body).toMatchObject({ status: 200, msgs: ['Download configuration success'], content: { queued: 2 } });
    const [put] = await cardCommands(gate1.addressid);
    expect(put).toMatchObject({
      kind: CMD_KIND.cardPut,
      type: 0,
      status: CMD_STATUS.notSent,
      object_key: 'card:K3',
      payload: { cardId: 'K3', account: '13800000007', cardMode: 'id', status: 'enable', validfrom: '2026-01-01T00:00:00.000Z' },
    });
    expect(await t.lastOpLog()).toMatchObject({ name2: 'access.gate', content: 'op.card.download::{"cardid":"K3","count":2}' });
    const info = await t.get<CardDownloadInfo>('/card/getCardAddressDownloadInfo', { id: card.id }, manager.token);
    expect(info.body.content.deletAll).toBe(false);
    expect(info.body.content.configured.find((c) => c.gateID === gate1.addressid)).toMatchObject({
      gateAccessID: card.id,
      validfrom: '2026/01/01 08:00:00',
      validto: '2030/12/31 23:59:59',
      info: 'front',
      isVilla: 0,
    });

    // unchanged gate1 is not sent again; gate2 removed → delete
    const again = await save(card.id, [entry(gate1.addressid, '2026/01/01 08:00:00', '2030/12/31 23:59:59', 'front')]);
    expect(again.body.content).toEqual({ queued: 1 });
    expect((await cardCommands(gate2.addressid)).map((c) => [c.kind, c.status])).toEqual([
      [CMD_KIND.cardPut, CMD_STATUS.cancelled],
      [CMD_KIND.cardDelete, CMD_STATUS.notSent],
    ]);
    expect((await cardCommands(gate1.addressid)).length).toBe(1);
  });

  it('refuses to remove a single-family door unit entry', async () => {
    const card = await newCard(t, manager.token, { cardid: 'K4', communityId: mine, addressId: home });
    await save(card.id, [entry(villaGate), entry(gate1.addressid)]);
    const info = await t.get<CardDownloadInfo>('/card/getCardAddressDownloadInfo', { id: card.id }, manager.token);
    expect(info.body.content.deletAll).toBe(true);
    const res = await save(card.id, [entry(gate1.addressid)]);
    expect(res.statusCode).toBe(403);
    expect(res.body.msgs).toEqual(['No right to delete the single-family door-unit configuration']);
    expect(await t.db.selectFrom('card_gate').select('gate_id').where('card_id', '=', card.id).execute()).toHaveLength(2);
  });

  it('disabling a card deletes it from its door units; deleting it too', async () => {
    const card = await newCard(t, manager.token, { cardid: 'K5', communityId: mine, addressId: home });
    await save(card.id, [entry(gate2.addressid)]);
    await t.post(
      '/card/updateCard',
      { id: card.id, addressId: home, account: '13800000001', cardtype: 'accesscard', cardmode: 'ic', cardstatus: 'disable' },
      manager.token,
    );
    const cmds = (await cardCommands(gate2.addressid)).filter((c) => c.object_key === 'card:K5');
    expect(cmds.map((c) => c.kind)).toEqual([CMD_KIND.cardPut, CMD_KIND.cardDelete]);
    await t.post(
      '/card/updateCard',
      { id: card.id, addressId: home, account: '13800000001', cardtype: 'accesscard', cardmode: 'ic', cardstatus: 'enable' },
      manager.token,
    );
    await t.post('/card/batchDel', { ids: card.id }, manager.token);
    const after = (await cardCommands(gate2.addressid)).filter((c) => c.object_key === 'card:K5');
    expect(after.map((c) => c.kind)).toEqual([CMD_KIND.cardPut, CMD_KIND.cardDelete, CMD_KIND.cardPut, CMD_KIND.cardDelete]);
    expect(after.at(-1)?.status).toBe(CMD_STATUS.notSent);
  });

  it('a disabled card is configured without being sent; removing it tells the unit to forget it', async () => {
    const card = await newCard(t, manager.token, { cardid: 'K6', communityId: mine, addressId: home, cardstatus: 'disable' });
    expect((await save(card.id, [entry(gate1.addressid)])).body.content).toEqual({ queued: 0 });
    expect((await cardCommands(gate1.addressid)).filter((c) => c.object_key === 'card:K6')).toEqual([]);
    expect((await save(card.id, [])).body.content).toEqual({ queued: 1 });
    expect((await cardCommands(gate1.addressid)).filter((c) => c.object_key === 'card:K6').map((c) => c.kind)).toEqual([
      CMD_KIND.cardDelete,
    ]);
  });
});

describe('door-unit card list (/gm/card/{addressId})', () => {
  type Page = { rows: DoorUnitCardRow[]; total: number };
  let unit: DeviceSecret;
  let cardRowId: number;
  beforeAll(async () => {
    unit = await bindNewDevice(t, admin, mine);
    const a = await newCard(t, manager.token, { cardid: 'G1', communityId: mine, addressId: home, account: '13800000011' });
    const b = await newCard(t, manager.token, {
      cardid: 'G2',
      communityId: mine,
      addressId: home,
      cardtype: 'patrolcard',
      cardstatus: 'disable',
    });
    cardRowId = a.id;
    await save(a.id, [entry(unit.addressid, '2026/01/01 00:00:00', '2027/06/30 23:59:59', 'lobby')]);
    await save(b.id, [entry(unit.addressid, '2026/03/01 00:00:00', '2031/01/01 00:00:00')]);
  });

  it('answers 401, 403 without the door-unit menu or out of scope, 404 for a non door unit', async () => {
    expect((await t.get('/card/getGateAccessesByAddressId', { addressId: unit.addressid })).statusCode).toBe(401);
    const { token: staffless } = await t.signIn({ roleId: 7 });
    expect((await t.get('/card/getGateAccessesByAddressId', { addressId: unit.addressid }, staffless)).statusCode).toBe(403);
    expect((await t.get('/card/getGateAccessesByAddressId', { addressId: theirGate.addressid }, manager.token)).statusCode).toBe(403);
    expect((await t.get('/card/getGateAccessesByAddressId', { addressId: home }, manager.token)).statusCode).toBe(404);
  });

  it('lists the cards of the door unit with filters and sorting', async () => {
    const list = (q: Record<string, unknown> = {}) =>
      t.get<Page>('/card/getGateAccessesByAddressId', { addressId: unit.addressid, ...q }, manager.token).then((r) => r.body.content);
    const all = await list({ sort: 'cardid', order: 'asc' });
    expect(all.total).toBe(2);
    expect(all.rows[0]).toMatchObject({
      cardid: 'G1',
      account: '13800000011',
      address: 'B1 101',
      cardstatus: 'enable',
      cardtype: 'accesscard',
      validto: '2027/06/30 23:59:59',
      info: 'lobby',
    });
    expect((await list({ cardtype: 'patrolcard' })).rows.map((r) => r.cardid)).toEqual(['G2']);
    expect((await list({ cardstatus: 'enable' })).rows.map((r) => r.cardid)).toEqual(['G1']);
    expect((await list({ validfrom: '2026/02/01' })).rows.map((r) => r.cardid)).toEqual(['G2']);
    expect((await list({ validto: '2028/01/01' })).rows.map((r) => r.cardid)).toEqual(['G1']);
    expect((await list({ cardtype: 'authcard' })).rows).toEqual([]);
    expect((await list({ sort: 'validto', order: 'desc' })).rows.map((r) => r.cardid)).toEqual(['G2', 'G1']);
  });

  it('edits validity and note of an entry (400 on a bad order), resends, deletes', async () => {
    const rows = (await t.get<Page>('/card/getGateAccessesByAddressId', { addressId: unit.addressid, cardid: 'G1' }, manager.token)).body
      .content.rows;
    const id = rows[0]?.id as number;
    const bad = await t.post(
      '/card/updateGateAccessAddressByAddressId',
      { id, validfrom: '2027/01/01', validto: '2026/01/01' },
      manager.token,
    );
    expect(bad.body.msgs).toEqual(['The effective time must be before the expiry time']);
    const ok = await t.post<DoorUnitCardRow>(
      '/card/updateGateAccessAddressByAddressId',
      { id, validfrom: '2026/05/01 00:00:00', validto: '2028/05/01 00:00:00', info: 'new' },
      manager.token,
    );
    expect(ok.body.content).toMatchObject({ validfrom: '2026/05/01 00:00:00', validto: '2028/05/01 00:00:00', info: 'new', cardRowId });
    expect(await t.lastOpLog()).toMatchObject({ name2: 'access.gm' });
    const last = (await cardCommands(unit.addressid)).filter((c) => c.object_key === 'card:G1').at(-1);
    expect(last).toMatchObject({ kind: CMD_KIND.cardPut, payload: { validto: '2028-04-30T16:00:00.000Z' } });

    const resent = await t.post<{ queued: number }>('/card/updateRedownload', { id }, manager.token);
    expect(resent.body).toMatchObject({ msgs: ['Resent'], content: { queued: 1 } });
    const g2 = (await t.get<Page>('/card/getGateAccessesByAddressId', { addressId: unit.addressid, cardid: 'G2' }, manager.token)).body
      .content.rows[0];
    expect((await t.post('/card/updateRedownload', { id: g2?.id }, manager.token)).body.msgs).toEqual([
      'The card is invalid and is not sent to door units',
    ]);

    await t.db.updateTable('card_gate').set({ is_villa: 1 }).where('id', '=', id).execute();
    expect((await t.post('/card/delGateAccessAddressById', { id }, manager.token)).body.msgs).toEqual([
      'No right to delete the single-family door-unit configuration',
    ]);
    await t.db.updateTable('card_gate').set({ is_villa: 0 }).where('id', '=', id).execute();
    const del = await t.post('/card/delGateAccessAddressById', { id }, manager.token);
    expect(del.body.msgs).toEqual(['Deleted']);
    expect(await t.lastOpLog()).toMatchObject({ name2: 'access.gm', content: expect.stringContaining('op.card.gateDelete') });
    expect((await cardCommands(unit.addressid)).filter((c) => c.object_key === 'card:G1').at(-1)).toMatchObject({
      kind: CMD_KIND.cardDelete,
    });
    expect((await t.post('/card/delGateAccessAddressById', { id }, manager.token)).statusCode).toBe(404);
  });
});
