import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CMD_STATUS,
  type DeviceSecret,
  type GroupRow,
  type MoveOutDone,
  type MoveOutPreview,
  type MoveOutProgress,
  type QrCreated,
  type Review,
} from '@gatehouse/contracts';
import { type SimulatedDevice, startSimulatedDevice } from '@gatehouse/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewDevice, statusesOf, until } from '../../test/devices.ts';
import { type TestApp, testApp } from '../../test/harness.ts';
import { addAddress, newCard } from '../card/test-kit.ts';
import { insertPhotoRow, writePhoto } from '../face/photos.ts';
import { oneFace } from '../face/test-photos.ts';
import { readSheet } from '../../xlsx/read.ts';

/**
 * Move-out and "expire unused" withdraw cards and faces from the units they reach only
 * through access groups (and from the groups' lift floors), on simulated door units.
 */
describe('move-out and expire unused through access groups', () => {
  let t: TestApp;
  let token: string;
  const adminRegNo = `139${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
  let community: number;
  let group: GroupRow;
  const units: DeviceSecret[] = [];
  const sims: SimulatedDevice[] = [];
  const prefix = `ghg${crypto.randomBytes(3).toString('hex')}`;
  let seq = 0;

  const settled = async () =>
    (await Promise.all(units.map((u) => statusesOf(t, u.addressid))))
      .flat()
      .every((c) => c.status === CMD_STATUS.success || c.status === CMD_STATUS.cancelled);
  const post = async <T>(url: string, body: Record<string, unknown>) => {
    const res = await t.post<T>(url, body, token);
    if (res.body.status !== 200) throw new Error(`${url}: ${res.body.msgs.join('; ')}`);
    return res.body.content;
  };
  /** A face row with a real photo (the face check is the face area's; the units only need the picture). */
  const addFace = async (addressId: number, account: string) => {
    const jpeg = await oneFace();
    const fileId = await insertPhotoRow(t.db, await writePhoto(t.config, jpeg), jpeg.length, community, 'f.jpg');
    const row = await t.db
      .insertInto('face')
      .values({ community_id: community, address_id: addressId, account, user_name: 'Zhao Min', photo_file_id: fileId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  /** A household with a card (and a face) given the group only: no door-unit entries of their own. */
  const household = async (withFace: boolean) => {
    seq += 1;
    const home = await addAddress(t, community, `G ${seq}01`);
    const phone = `1380000${String(2000 + seq)}`;
    const card = await newCard(t, token, { cardid: `GRP${seq}`, communityId: community, addressId: home, account: phone });
    await post('/rules/setCardGroups', { cardRowId: card.id, groupIds: group.id });
    const faceId = withFace ? await addFace(home, phone) : 0;
    if (withFace) await post('/rules/setFaceGroups', { faceId, groupIds: group.id });
    await until(
      () => sims.every((s) => s.state.cards.has(card.cardid) && (!withFace || s.state.faces.has(String(faceId)))),
      30_000,
      'card and face on both units through the group',
    );
    await until(() => (sims[0]?.state.ladder ?? []).some((e) => e.cardId === card.cardid), 30_000, 'group lift floors on unit A');
    await until(settled, 30_000, 'group assignments acked');
    return { home, phone, card, faceId };
  };

  beforeAll(async () => {
    t = await testApp({ mqtt: true, config: { MQTT_TOPIC_PREFIX: prefix } });
    ({ token } = await t.signIn({ roleId: 1, regNo: adminRegNo }));
    community = await t.createCommunity('Group Court');
    for (let i = 0; i < 2; i++) {
      const u = await bindNewDevice(t, token, community);
      units.push(u);
      sims.push(await startSimulatedDevice({ url: t.services.devices.url as string, prefix, serial: u.serial, secret: u.secret }));
    }
    await until(settled, 30_000, 'initial configuration acked');
    const [a, b] = units as [DeviceSecret, DeviceSecret];
    group = await post<GroupRow>('/rules/saveGroup', {
      communityId: community,
      name: 'Residents',
      scheduleId: 0,
      units: [a.addressid, b.addressid],
      lifts: JSON.stringify([
        { addressid: a.addressid, ResiLevel: '03', bank: 1, node: 2, GateType: 0, FrontUnlockLevelList: ['03'], BackUnlockLevelList: [] },
      ]),
    });
    await until(settled, 30_000, 'group tables acked');
  });
  afterAll(async () => {
    for (const s of sims) await s.stop();
    await t.close();
  });

  it('a move-out withdraws a card and a face given a group of two units from both units (and the lift file); each unit acknowledges', async () => {
    const h = await household(true);
    const preview = (await t.get<MoveOutPreview>('/review/previewMoveOut', { addressId: h.home }, token)).body.content;
    // card and face on two units each, and unit A's lift file
    expect(preview.commands).toBe(5);
    const [a, b] = units as [DeviceSecret, DeviceSecret];
    // both hold the group's units and its lift floors on unit A
    for (const item of preview.items)
      expect([...item.units].sort()).toEqual([`Gate ${a.serial}`, `Gate ${a.serial} (03)`, `Gate ${b.serial}`].sort());

    const res = await t.post<MoveOutDone>('/review/moveOut', { addressId: h.home, reason: 'Moved' }, token);
    expect(res.statusCode).toBe(200);
    expect(res.body.content).toMatchObject({ items: 2, commands: 5 });
    let last: MoveOutProgress | undefined;
    await until(
      async () => {
        last = (await t.get<MoveOutProgress>('/review/getMoveOutProgress', { id: res.body.content.id }, token)).body.content;
        return last.done;
      },
      30_000,
      'every unit acknowledged',
    );
    expect(last).toMatchObject({ total: 5, acked: 5, failed: 0 });
    expect(new Set(last?.commands.map((c) => c.gateName))).toEqual(new Set([`Gate ${a.serial}`, `Gate ${b.serial}`]));
    for (const s of sims) {
      expect(s.state.cards.has(h.card.cardid)).toBe(false);
      expect(s.state.faces.has(String(h.faceId))).toBe(false);
    }
    expect(sims[0]?.state.ladder.some((e) => e.cardId === h.card.cardid || (e.source === 'face' && e.holderId === h.faceId))).toBe(false);
    // the deleted card and face left the group
    expect(await t.db.selectFrom('access_group_card').select('card_id').where('card_id', '=', h.card.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('access_group_face').select('face_id').where('face_id', '=', h.faceId).execute()).toEqual([]);
  });

  it('expire unused (disable) withdraws a group-only card from the group units and keeps its group; enabled again it goes back', async () => {
    const h = await household(false);
    const res = await t.post<{ changed: number }>('/review/expireUnused', { cards: h.card.id, faces: '', action: 'disable' }, token);
    expect([res.statusCode, res.body.content.changed]).toEqual([200, 1]);
    await until(() => sims.every((s) => !s.state.cards.has(h.card.cardid)), 30_000, 'card withdrawn from both units');
    await until(() => !(sims[0]?.state.ladder ?? []).some((e) => e.cardId === h.card.cardid), 30_000, 'lift floors withdrawn');
    const held = await t.db.selectFrom('access_group_card').select('group_id').where('card_id', '=', h.card.id).execute();
    expect(held.map((r) => r.group_id)).toEqual([group.id]);
    await until(settled, 30_000, 'withdrawals acked');
    // enabled again, the group puts it back on its units
    const row = await t.db.selectFrom('card').selectAll().where('id', '=', h.card.id).executeTakeFirstOrThrow();
    await post('/card/updateCard', {
      id: h.card.id,
      cardid: row.card_no,
      account: row.account,
      cardtype: row.card_type,
      cardmode: row.card_mode,
      cardstatus: 'enable',
      communityId: community,
      addressId: h.home,
    });
    await until(() => sims.every((s) => s.state.cards.has(h.card.cardid)), 30_000, 'card back on both units');
  });

  it('expire unused (delete) withdraws a group-only face from the group units and removes its group', async () => {
    seq += 1;
    const home = await addAddress(t, community, `G ${seq}01`);
    const faceId = await addFace(home, `1380000${2000 + seq}`);
    await post('/rules/setFaceGroups', { faceId, groupIds: group.id });
    await until(() => sims.every((s) => s.state.faces.has(String(faceId))), 30_000, 'face on both units');
    await until(settled, 30_000, 'face acked');
    const res = await t.post<{ changed: number }>('/review/expireUnused', { cards: '', faces: faceId, action: 'delete' }, token);
    expect([res.statusCode, res.body.content.changed]).toEqual([200, 1]);
    await until(() => sims.every((s) => !s.state.faces.has(String(faceId))), 30_000, 'face withdrawn from both units');
    expect(await t.db.selectFrom('access_group_face').select('face_id').where('face_id', '=', faceId).execute()).toEqual([]);
  });

  it('the review lists the groups each credential holds with their schedules, the units and floors they reach with the sync state; and exports them', async () => {
    const [a, b] = units as [DeviceSecret, DeviceSecret];
    const evenings = await post<{ id: number }>('/rules/saveSchedule', {
      communityId: community,
      name: 'Evenings',
      week: JSON.stringify([['18:00-22:00'], [], [], [], [], [], []]),
      holidayMode: 0,
    });
    const empty = await post<GroupRow>('/rules/saveGroup', { communityId: community, name: 'Empty', scheduleId: evenings.id, units: [] });
    const h = await household(false);
    await post('/rules/setCardGroups', { cardRowId: h.card.id, groupIds: `${group.id},${empty.id}` });
    await until(settled, 30_000, 'acked');
    const review = (await t.get<Review>('/review/getReview', { addressId: h.home }, token)).body.content;
    const [card] = review.credentials;
    expect(card?.groups).toEqual([
      { id: empty.id, name: 'Empty', schedule: 'Evenings' },
      { id: group.id, name: 'Residents', schedule: 'Always' },
    ]);
    const residents = { id: group.id, name: 'Residents', schedule: 'Always' };
    expect(card?.places.map((p) => [p.source, p.gateId, p.detail, p.group, p.sync?.status ?? null])).toEqual(
      expect.arrayContaining([
        ['group', a.addressid, '', residents, CMD_STATUS.success],
        ['group', b.addressid, '', residents, CMD_STATUS.success],
        ['groupLift', a.addressid, '03', residents, CMD_STATUS.success],
        ['group', 0, '', { id: empty.id, name: 'Empty', schedule: 'Evenings' }, null],
      ]),
    );
    expect(card?.places).toHaveLength(4);
    // in Chinese, the built-in schedule's name
    const { token: zh } = await t.signIn({ roleId: 1 }, 'zh-CN');
    const zhReview = (await t.get<Review>('/review/getReview', { addressId: h.home }, zh)).body.content;
    expect(zhReview.credentials[0]?.groups.map((g) => g.schedule)).toEqual(['Evenings', '全天']);

    const res = await t.app.inject({ method: 'GET', url: `/api/review/exportReview?addressId=${h.home}`, headers: { token } });
    expect(res.statusCode).toBe(200);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'review-')), 'r.xlsx');
    fs.writeFileSync(file, res.rawPayload);
    const rows: string[][] = [];
    for await (const r of readSheet(file)) rows.push(r.cells);
    const head = rows[0] ?? [];
    const col = (name: string) => head.indexOf(name);
    expect(head).toEqual(expect.arrayContaining(['Source', 'Access group', 'Schedule', 'Door unit', 'Floors', 'Sync state']));
    const view = rows
      .slice(1)
      .map((r) => [r[col('Source')], r[col('Access group')], r[col('Schedule')], r[col('Door unit')], r[col('Floors')]]);
    expect(view).toEqual(
      expect.arrayContaining([
        ['Access group', 'Residents', 'Always', `Gate ${a.serial}`, ''],
        ['Access group', 'Residents', 'Always', `Gate ${b.serial}`, ''],
        ['Group lift floors', 'Residents', 'Always', `Gate ${a.serial}`, '03'],
        ['Access group', 'Empty', 'Evenings', '(no door units in the group)', ''],
      ]),
    );
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it("the review lists a visitor QR code's groups and their units; a code for its groups only leaves its own unit out", async () => {
    const [a, b] = units as [DeviceSecret, DeviceSecret];
    const day = (offset: number) => {
      const d = new Date(Date.now() + offset * 86_400_000);
      return `${d.getFullYear()}/${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')} 00:00:00`;
    };
    const window = { numOpen: 3, validfrom: day(-1), validto: day(2) };
    const both = await post<QrCreated>('/qrcode/createQrcode', { addressRegNo: b.serial, ...window, groupIds: group.id });
    const only = await post<QrCreated>('/qrcode/createQrcode', { addressRegNo: b.serial, ...window, groupIds: group.id, groupsOnly: 1 });
    const plain = await post<QrCreated>('/qrcode/createQrcode', { addressRegNo: a.serial, ...window });
    const review = (await t.get<Review>('/review/getReview', { account: adminRegNo }, token)).body.content;
    const qr = (id: number) => review.credentials.find((c) => c.kind === 'qrcode' && c.id === id);
    const where = (id: number) => qr(id)?.places.map((p) => [p.source, p.gateId, p.group?.name ?? null, p.sync]);
    const residents = [{ id: group.id, name: 'Residents', schedule: 'Always' }];
    expect(qr(both.id)?.groups).toEqual(residents);
    expect(where(both.id)).toEqual([
      ['unit', b.addressid, null, null],
      ['group', a.addressid, 'Residents', null],
      ['group', b.addressid, 'Residents', null],
    ]);
    expect(qr(only.id)?.groups).toEqual(residents);
    expect(where(only.id)).toEqual([
      ['group', a.addressid, 'Residents', null],
      ['group', b.addressid, 'Residents', null],
    ]);
    expect(qr(plain.id)?.groups).toEqual([]);
    expect(where(plain.id)).toEqual([['unit', a.addressid, null, null]]);
  });
});
