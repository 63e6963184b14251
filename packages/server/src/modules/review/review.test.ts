import fs from 'node:fs';
import path from 'node:path';
import {
  ACCESS_TYPE,
  menuByKey,
  type MoveOutDone,
  type MoveOutPreview,
  type MoveOutProgress,
  type Page,
  type Review,
  ROUTES,
  type UnusedRow,
} from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/harness.ts';
import { addAddress, managerOf, newCard, revokeMenu } from '../card/test-kit.ts';
import { insertPhotoRow, writePhoto } from '../face/photos.ts';

/** Access review, move-out and unused credentials over the API (issue 13 items 5–7). */
let t: TestApp;
let admin: string;
let community: number;
let other: number;
let gate: number;
let seq = 0;

const count = async (table: 'card' | 'face' | 'op_log' | 'moveout' | 'command') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A face row with a stored photo (the photo checks are the face area's; here only the record matters). */
async function addFace(communityId: number, addressId: number, account: string, userName = 'Li Lei'): Promise<number> {
  const rel = await writePhoto(t.config, Buffer.from('jpeg'));
  const fileId = await insertPhotoRow(t.db, rel, 4, communityId, 'f.jpg');
  const row = await t.db
    .insertInto('face')
    .values({ community_id: communityId, address_id: addressId, account, user_name: userName, photo_file_id: fileId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function household(communityId = community) {
  seq += 1;
  const home = await addAddress(t, communityId, `Block R ${seq}`);
  const phone = `1380000${String(1000 + seq).padStart(4, '0')}`;
  const card = await newCard(t, admin, { cardid: `RV${seq}`, communityId, addressId: home, account: phone });
  await t.db
    .insertInto('card_gate')
    .values({ card_id: card.id, gate_id: gate, validfrom: '2026-01-01T00:00:00Z', validto: '2036-01-01T00:00:00Z' })
    .execute();
  const face = await addFace(communityId, home, phone);
  return { home, phone, card, face };
}

beforeAll(async () => {
  t = await testApp();
  ({ token: admin } = await t.signIn({ roleId: 1 }));
  community = await t.createCommunity('Review Court');
  other = await t.createCommunity('Review Other');
  gate = await addAddress(t, community, 'Gate R', 0);
});
afterAll(async () => {
  await t.close();
});

describe('access review', () => {
  it('401 without a session, 403 without the menu or out of scope, 400 without exactly one subject', async () => {
    const h = await household();
    expect((await t.get('/review/getReview', { addressId: h.home })).statusCode).toBe(401);
    const engineer = await t.signIn({ roleId: 3 });
    expect((await t.get('/review/getReview', { addressId: h.home }, engineer.token)).statusCode).toBe(403);
    const outsider = await managerOf(t, other);
    const out = await t.get('/review/getReview', { addressId: h.home }, outsider.token);
    expect(out.statusCode).toBe(403);
    const none = await t.get('/review/getReview', {}, admin);
    expect([none.statusCode, none.body.msgs]).toEqual([400, ['Enter an account or choose a household (one of the two)']]);
    const both = await t.get('/review/getReview', { addressId: h.home, account: h.phone }, admin);
    expect(both.statusCode).toBe(400);
    const notHome = await t.get('/review/getReview', { addressId: gate }, admin);
    expect([notHome.statusCode, notHome.body.msgs]).toEqual([400, ['The address is not a household']]);
  });

  it('lists the cards, faces, lift permissions and QR codes of a household with places, sync state and last use', async () => {
    const h = await household();
    await t.db
      .insertInto('ladder_config')
      .values({
        card_id: h.card.id,
        face_id: null,
        address_id: gate,
        resi_level: '5',
        bank: 1,
        node: 1,
        gate_type: 0,
        front_levels: JSON.stringify(['5', '6']),
        back_levels: JSON.stringify([]),
      })
      .execute();
    await t.db
      .insertInto('access_event')
      .values({
        device_id: null,
        eid: `e${seq}`,
        address_id: gate,
        community_id: community,
        device_name: 'Gate R',
        time: new Date('2026-03-04T05:06:07Z'),
        type: ACCESS_TYPE.card,
        result: 0,
        account: h.phone,
        unlock_user_name: '',
        card_num: h.card.cardid,
        card_mode: 0,
        qr_id: null,
        is_work: false,
      })
      .execute();
    const res = await t.get<Review>('/review/getReview', { addressId: h.home }, admin);
    expect(res.statusCode).toBe(200);
    const { credentials } = res.body.content;
    expect(credentials.map((c) => c.kind)).toEqual(['card', 'face']);
    const card = credentials[0];
    expect(card).toMatchObject({ label: h.card.cardid, account: h.phone, status: 'enable', lastUsed: '2026/03/04 13:06:07' });
    expect(card?.places.map((p) => [p.source, p.gateName, p.detail, p.sync])).toEqual([
      ['unit', 'Gate R', '', null],
      ['lift', 'Gate R', '5,6', null],
    ]);
    expect(credentials[1]).toMatchObject({ kind: 'face', lastUsed: '', places: [] });
    // The same account's credentials by account.
    const byAccount = await t.get<Review>('/review/getReview', { account: h.phone }, admin);
    expect(byAccount.body.content.credentials.map((c) => c.kind)).toEqual(['card', 'face']);
    // A caller without the face menu sees the cards only.
    const m = await managerOf(t, community);
    await revokeMenu(t, m.id, 'access.faceid');
    const noFaces = await t.get<Review>('/review/getReview', { addressId: h.home }, m.token);
    expect(noFaces.body.content.credentials.map((c) => c.kind)).toEqual(['card']);
  });

  it('exports the review as a workbook', async () => {
    const h = await household();
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
    for (const name of Object.keys(ROUTES.review)) expect(doc.paths[`/api/review/${name}`], name).toBeTruthy();
    const res = await t.app.inject({ method: 'GET', url: `/api/review/exportReview?addressId=${h.home}`, headers: { token: admin } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('move-out', () => {
  it('preview lists what goes and changes nothing', async () => {
    const h = await household();
    const before = [await count('card'), await count('face'), await count('op_log'), await count('moveout'), await count('command')];
    const res = await t.get<MoveOutPreview>('/review/previewMoveOut', { addressId: h.home }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.body.content.items.map((i) => [i.kind, i.label])).toEqual([
      ['card', h.card.cardid],
      ['face', 'Li Lei'],
    ]);
    expect([await count('card'), await count('face'), await count('op_log'), await count('moveout'), await count('command')]).toEqual(
      before,
    );
  });

  it('refuses without a session, without the menu, out of scope, without a subject, and when the caller cannot manage faces', async () => {
    const h = await household();
    expect((await t.post('/review/moveOut', { addressId: h.home })).statusCode).toBe(401);
    const engineer = await t.signIn({ roleId: 3 });
    expect((await t.post('/review/moveOut', { addressId: h.home }, engineer.token)).statusCode).toBe(403);
    const outsider = await managerOf(t, other);
    expect((await t.post('/review/moveOut', { addressId: h.home }, outsider.token)).statusCode).toBe(403);
    expect((await t.post('/review/moveOut', {}, admin)).statusCode).toBe(400);
    const long = await t.post('/review/moveOut', { addressId: h.home, reason: 'x'.repeat(201) }, admin);
    expect([long.statusCode, long.body.msgs]).toEqual([400, ['reason cannot exceed 200 characters']]);
    const m = await managerOf(t, community);
    await revokeMenu(t, m.id, 'access.faceid');
    const partial = await t.post('/review/moveOut', { addressId: h.home }, m.token);
    expect([partial.statusCode, partial.body.msgs]).toEqual([403, ['Move-out needs the card and face management menus']]);
    expect(await t.db.selectFrom('card').select('id').where('id', '=', h.card.id).executeTakeFirst()).toBeTruthy();
  });

  it('removes every credential of the household in one op-log entry, ends its QR codes, and nothing is left to move out', async () => {
    const h = await household();
    const resident = await t.createAccount({ roleId: 7, regNo: h.phone, communityId: community, addressId: h.home });
    expect(resident).toBeGreaterThan(0);
    const qr = await t.db
      .insertInto('visitor_qrcode')
      .values({
        device_id: (
          await t.db
            .insertInto('device')
            .values({ serial: `RVQ${seq}`, name: 'Q', is_villa: 0, hardware: 15, note: '' })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
        address_id: gate,
        community_id: community,
        user_regno: h.phone,
        account_id: resident,
        device_name: 'Gate R',
        num_open: 3,
        validfrom: new Date(Date.now() - 3600_000),
        validto: new Date(Date.now() + 86_400_000),
        payload: 'x',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const photo = await t.db
      .selectFrom('face as f')
      .innerJoin('stored_file as s', 's.id', 'f.photo_file_id')
      .select('s.path')
      .where('f.id', '=', h.face)
      .executeTakeFirstOrThrow();
    const logs = await count('op_log');
    const res = await t.post<MoveOutDone>('/review/moveOut', { addressId: h.home, reason: 'Lease ended' }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.body.msgs).toEqual(['Moved out: 3 credentials, 0 commands queued']);
    expect(await count('op_log')).toBe(logs + 1);
    const log = await t.lastOpLog();
    expect(log?.name2).toBe('access.review');
    expect(log?.content).toContain(`card:${h.card.cardid}`);
    expect(log?.content).toContain('face:Li Lei');
    expect(log?.content).toContain(`qrcode:#${qr.id}`);
    expect(await t.db.selectFrom('card').select('id').where('id', '=', h.card.id).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom('face').select('id').where('id', '=', h.face).executeTakeFirst()).toBeUndefined();
    expect(fs.existsSync(path.join(t.config.dataDir, photo.path))).toBe(false);
    const q = await t.db.selectFrom('visitor_qrcode').select('validto').where('id', '=', qr.id).executeTakeFirstOrThrow();
    expect(q.validto.getTime()).toBeLessThanOrEqual(Date.now());
    const again = await t.post('/review/moveOut', { addressId: h.home }, admin);
    expect([again.statusCode, again.body.msgs]).toEqual([400, ['There are no credentials to remove']]);
    const progress = await t.get<MoveOutProgress>('/review/getMoveOutProgress', { id: res.body.content.id }, admin);
    expect(progress.body.content).toMatchObject({
      subject: expect.stringContaining('Block R'),
      reason: 'Lease ended',
      total: 0,
      done: true,
    });
    const outsider = await managerOf(t, other);
    expect((await t.get('/review/getMoveOutProgress', { id: res.body.content.id }, outsider.token)).statusCode).toBe(403);
    expect((await t.get('/review/getMoveOutProgress', { id: 999999 }, admin)).statusCode).toBe(404);
  });
});

describe('unused credentials', () => {
  it('lists cards and faces idle for N days (never used: since creation), pages on the server, and refuses bad days', async () => {
    const c = await t.createCommunity('Idle Court');
    const home = await addAddress(t, c, 'Idle 1');
    const old = await newCard(t, admin, { cardid: 'IDLE1', communityId: c, addressId: home, account: '13800009901' });
    const used = await newCard(t, admin, { cardid: 'IDLE2', communityId: c, addressId: home, account: '13800009902' });
    await newCard(t, admin, { cardid: 'IDLE3', communityId: c, addressId: home, account: '13800009903' });
    const face = await addFace(c, home, '13800009904', 'Old Face');
    const longAgo = new Date(Date.now() - 100 * 86_400_000);
    await t.db.updateTable('card').set({ created_at: longAgo }).where('id', 'in', [old.id, used.id]).execute();
    await t.db.updateTable('face').set({ created_at: longAgo }).where('id', '=', face).execute();
    await t.db
      .insertInto('access_event')
      .values({
        device_id: null,
        eid: 'idle-used',
        address_id: home,
        community_id: c,
        device_name: '',
        time: new Date(Date.now() - 5 * 86_400_000),
        type: ACCESS_TYPE.card,
        result: 0,
        account: '',
        unlock_user_name: '',
        card_num: 'IDLE2',
        card_mode: 0,
        qr_id: null,
        is_work: false,
      })
      .execute();
    const res = await t.get<Page<UnusedRow>>('/review/getUnusedPage', { days: 30, communityId: c, sort: 'account' }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.body.content.total).toBe(2);
    expect(res.body.content.rows.map((r) => [r.kind, r.label, r.lastUsed])).toEqual([
      ['card', 'IDLE1', ''],
      ['face', 'Old Face', ''],
    ]);
    expect(res.body.content.rows[0]?.idleDays).toBeGreaterThanOrEqual(99);
    const page2 = await t.get<Page<UnusedRow>>(
      '/review/getUnusedPage',
      { days: 30, communityId: c, sort: 'account', rows: 1, page: 1 },
      admin,
    );
    expect(page2.body.content.rows.map((r) => r.label)).toEqual(['Old Face']);
    const cards = await t.get<Page<UnusedRow>>('/review/getUnusedPage', { days: 3, communityId: c, kind: 'card' }, admin);
    expect(cards.body.content.rows.map((r) => r.label).sort()).toEqual(['IDLE1', 'IDLE2']);
    const bad = await t.get('/review/getUnusedPage', { days: 0 }, admin);
    expect([bad.statusCode, bad.body.msgs]).toEqual([400, ['Days must be between 1 and 3650']]);
    expect((await t.get('/review/getUnusedPage', { days: 5 })).statusCode).toBe(401);
    const outsider = await managerOf(t, other);
    expect((await t.get('/review/getUnusedPage', { days: 5, communityId: c }, outsider.token)).statusCode).toBe(403);
    const scoped = await t.get<Page<UnusedRow>>('/review/getUnusedPage', { days: 30 }, outsider.token);
    expect(scoped.body.content.rows.filter((r) => r.communityName === 'Idle Court')).toEqual([]);
  });

  it('disables or deletes the selected ones (all or nothing, op log), refusing out of scope and empty selections', async () => {
    const c = await t.createCommunity('Expire Court');
    const home = await addAddress(t, c, 'Exp 1');
    const a = await newCard(t, admin, { cardid: 'EXP1', communityId: c, addressId: home, account: '13800009911' });
    const b = await newCard(t, admin, { cardid: 'EXP2', communityId: c, addressId: home, account: '13800009912' });
    const f = await addFace(c, home, '13800009913');
    expect((await t.post('/review/expireUnused', { action: 'disable' }, admin)).statusCode).toBe(400);
    expect((await t.post('/review/expireUnused', { cards: a.id, action: 'burn' }, admin)).statusCode).toBe(400);
    const outsider = await managerOf(t, other);
    expect((await t.post('/review/expireUnused', { cards: a.id, action: 'disable' }, outsider.token)).statusCode).toBe(403);
    const noFaces = await managerOf(t, c);
    await revokeMenu(t, noFaces.id, 'access.faceid');
    expect((await t.post('/review/expireUnused', { cards: a.id, faces: f, action: 'disable' }, noFaces.token)).statusCode).toBe(403);
    expect((await t.db.selectFrom('card').select('status').where('id', '=', a.id).executeTakeFirstOrThrow()).status).toBe('enable');
    const logs = await count('op_log');
    const res = await t.post('/review/expireUnused', { cards: a.id, faces: f, action: 'disable' }, admin);
    expect([res.statusCode, res.body.msgs]).toEqual([200, ['2 credentials disabled']]);
    expect(await count('op_log')).toBe(logs + 1);
    expect((await t.lastOpLog())?.content).toBe('op.review.expire.disable::{"list":"card:EXP1, face:Li Lei"}');
    expect((await t.db.selectFrom('card').select('status').where('id', '=', a.id).executeTakeFirstOrThrow()).status).toBe('disable');
    expect((await t.db.selectFrom('face').select('status').where('id', '=', f).executeTakeFirstOrThrow()).status).toBe('disable');
    const del = await t.post('/review/expireUnused', { cards: b.id, action: 'delete' }, admin);
    expect([del.statusCode, del.body.msgs]).toEqual([200, ['1 credentials deleted']]);
    expect(await t.db.selectFrom('card').select('id').where('id', '=', b.id).executeTakeFirst()).toBeUndefined();
    expect(menuByKey('access.review').id).toBe(111);
  });
});
