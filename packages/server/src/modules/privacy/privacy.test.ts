import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  CMD_KIND,
  CMD_STATUS,
  type ConsentTemplate,
  type DeviceSecret,
  type ErasureRow,
  type FaceConsent,
  type FaceDetail,
  type FaceRow,
  type Page,
} from '@gatehouse/contracts';
import { type SimulatedDevice, startSimulatedDevice } from '@gatehouse/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSealed } from '../../faces/sealed-files.ts';
import { bindNewDevice, statusesOf, until } from '../../test/devices.ts';
import { type TestApp, testApp } from '../../test/harness.ts';
import { upload } from '../../test/multipart.ts';
import { addAddress, managerOf } from '../card/test-kit.ts';
import { b64, consent, oneFace } from '../face/test-photos.ts';
import { resealStoredFiles } from './reseal.ts';

const K1 = crypto.randomBytes(32).toString('hex');
const K2 = crypto.randomBytes(32).toString('base64');
const prefix = `ghp${crypto.randomBytes(3).toString('hex')}`;

let t: TestApp;
let admin: string;
let mine: number;
let other: number;
let home: number;
let otherHome: number;
let manager: { id: number; token: string };
let outsider: { id: number; token: string };
let unit: DeviceSecret;
let sim: SimulatedDevice;
let jpeg: string;

const faceForm = (over: Record<string, unknown> = {}) => ({
  communityId: mine,
  addressId: home,
  account: '13900000001',
  username: 'Chen Jing',
  imgBase64: jpeg,
  ...consent(),
  ...over,
});
const counts = async () => ({
  faces: (await t.db.selectFrom('face').select('id').execute()).length,
  consents: (await t.db.selectFrom('face_consent').select('id').execute()).length,
  photos: (await t.db.selectFrom('stored_file').select('id').where('kind', '=', 'face').execute()).length,
  forms: (await t.db.selectFrom('stored_file').select('id').where('kind', '=', 'consent').execute()).length,
  onDisk: ['faces', 'consent']
    .map((d) => path.join(t.config.dataDir, 'files', d))
    .reduce((n, d) => n + (fs.existsSync(d) ? fs.readdirSync(d).length : 0), 0),
});
const photoFile = async (faceId: number) => {
  const f = await t.db
    .selectFrom('face as f')
    .innerJoin('stored_file as s', 's.id', 'f.photo_file_id')
    .select('s.path')
    .where('f.id', '=', faceId)
    .executeTakeFirstOrThrow();
  return path.join(t.config.dataDir, f.path);
};
const validity = (gates: number[]) =>
  JSON.stringify(gates.map((gateID) => ({ gateID, validfrom: '2026/01/01 00:00:00', validto: '2036/01/01 00:00:00', info: '' })));

beforeAll(async () => {
  t = await testApp({ mqtt: true, config: { MQTT_TOPIC_PREFIX: prefix, PHOTO_KEY: K1 } });
  ({ token: admin } = await t.signIn({ roleId: 1 }));
  mine = await t.createCommunity('Privacy Court');
  other = await t.createCommunity('Privacy Other');
  home = await addAddress(t, mine, 'P 101');
  otherHome = await addAddress(t, other, 'Q 101');
  manager = await managerOf(t, mine);
  outsider = await managerOf(t, other);
  jpeg = b64(await oneFace());
  unit = await bindNewDevice(t, admin, mine);
  sim = await startSimulatedDevice({ url: t.services.devices.url as string, prefix, serial: unit.serial, secret: unit.secret });
  await until(
    async () => (await statusesOf(t, unit.addressid)).every((c) => c.status === CMD_STATUS.success),
    30_000,
    'configuration acked',
  );
});
afterAll(async () => {
  await sim?.stop();
  await t.close();
});

describe('consent before a face', () => {
  it('refuses a face without consent, a guardian without a name, or a person without another way in; nothing is stored', async () => {
    const cases: [Record<string, unknown>, number, string[]][] = [
      [{ consentGiver: undefined }, 400, ['Consent must be recorded before a face is added: who gave it and how']],
      [{ consentMethod: '' }, 400, ['Consent must be recorded before a face is added: who gave it and how']],
      [{ consentGiver: 'guardian' }, 400, ["Enter the guardian's name when a guardian gives consent"]],
      [
        {},
        400,
        ['A face may not be the only way in: the person must already hold an enabled card in this community, or be given one here'],
      ],
    ];
    for (const [over, status, msgs] of cases) {
      const res = await t.post('/face/createFace', faceForm(over), manager.token);
      expect([res.statusCode, res.body.msgs]).toEqual([status, msgs]);
    }
    // a card of another community, or a disabled one, is no way in here
    await t.db
      .insertInto('card')
      .values([
        { card_no: 'X1', community_id: other, address_id: otherHome, account: '13900000001', card_type: 'accesscard', card_mode: 'ic' },
        {
          card_no: 'X2',
          community_id: mine,
          address_id: home,
          account: '13900000001',
          card_type: 'accesscard',
          card_mode: 'ic',
          status: 'disable',
        },
      ])
      .execute();
    expect((await t.post('/face/createFace', faceForm(), manager.token)).statusCode).toBe(400);
    expect(await counts()).toEqual({ faces: 0, consents: 0, photos: 0, forms: 0, onDisk: 0 });
  });

  it('adds a face with a card given in the same call, and records who consented, how, by whom and the purpose shown', async () => {
    const res = await t.post<FaceRow & { consentId: number }>(
      '/face/createFace',
      faceForm({ consentGiver: 'guardian', guardianName: 'Chen Da', consentMethod: 'form', cardid: 'PC0001' }),
      manager.token,
    );
    expect([res.statusCode, res.body.msgs]).toEqual([200, ['Created']]);
    const card = await t.db
      .selectFrom('card')
      .select(['account', 'status', 'community_id'])
      .where('card_no', '=', 'PC0001')
      .executeTakeFirst();
    expect(card).toEqual({ account: '13900000001', status: 'enable', community_id: mine });
    const c = await t.get<FaceConsent>('/privacy/getFaceConsent', { faceId: res.body.content.id }, manager.token);
    expect(c.body.content).toMatchObject({
      id: res.body.content.consentId,
      faceId: res.body.content.id,
      giver: 'guardian',
      guardianName: 'Chen Da',
      method: 'form',
      lang: 'en',
      hasForm: false,
      withdrawnAt: null,
    });
    expect(c.body.content.purpose).toContain('only so that its door units can recognise you');
    expect(c.body.content.staff).not.toBe('');
    expect((await t.lastOpLog())?.content).toContain('op.privacy.consent::');
    // a card number taken in the community refuses the whole add
    const taken = await t.post('/face/createFace', faceForm({ account: '13900000002', cardid: 'PC0001' }), manager.token);
    expect(taken.statusCode).toBe(400);
    expect((await counts()).faces).toBe(1);
  });

  it('keeps a per-community purpose text in three languages, edited by its staff only', async () => {
    const text = { communityId: mine, zhCN: '用途甲', zhTW: '用途乙', en: 'Purpose A: opening doors only' };
    expect((await t.post('/privacy/saveConsentTemplate', text)).statusCode).toBe(401);
    expect((await t.post('/privacy/saveConsentTemplate', text, outsider.token)).statusCode).toBe(403);
    expect((await t.post('/privacy/saveConsentTemplate', { ...text, en: '' }, manager.token)).body.msgs).toEqual([
      'Please enter purpose text',
    ]);
    const saved = await t.post<ConsentTemplate>('/privacy/saveConsentTemplate', text, manager.token);
    expect(saved.body.content).toMatchObject({ ...text, purpose: 'Purpose A: opening doors only', custom: true });
    const shown = await t.get<ConsentTemplate>('/privacy/getConsentTemplate', { communityId: mine }, manager.token);
    expect(shown.body.content).toMatchObject({ zhTW: '用途乙', purpose: 'Purpose A: opening doors only', custom: true });
    const dflt = await t.get<ConsentTemplate>('/privacy/getConsentTemplate', { communityId: other }, outsider.token);
    expect(dflt.body.content.custom).toBe(false);
    expect((await t.get('/privacy/getConsentTemplate', { communityId: other }, manager.token)).statusCode).toBe(403);
    const res = await t.post<FaceRow & { consentId: number }>(
      '/face/createFace',
      faceForm({ account: '13900000003', cardid: 'PC0003' }),
      manager.token,
    );
    const row = await t.db.selectFrom('face_consent').select('purpose').where('id', '=', res.body.content.consentId).executeTakeFirst();
    expect(row?.purpose).toBe('Purpose A: opening doors only');
  });

  it('takes a scanned form (image or PDF, at most 5 MB) sealed at rest, and refuses anything else storing nothing', async () => {
    const consentId = (await t.db.selectFrom('face_consent').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const before = await counts();
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5 * 1024 * 1024)]);
    const refused: [Buffer, string, string][] = [
      [big, 'form.pdf', 'The scanned consent form may be at most 5 MB'],
      [Buffer.from('just some text, not a scan'), 'form.pdf', 'The scanned consent form must be an image (JPEG, PNG) or a PDF'],
    ];
    for (const [data, name, message] of refused) {
      const res = await upload(t, '/privacy/uploadConsentForm', { consentId }, [{ field: 'file', name, data }], manager.token);
      expect([res.statusCode, res.body.msgs]).toEqual([400, [message]]);
    }
    expect(await counts()).toEqual(before);
    const pdf = Buffer.from('%PDF-1.4\n% signed consent\n');
    expect(
      (await upload(t, '/privacy/uploadConsentForm', { consentId }, [{ field: 'file', name: 'f.pdf', data: pdf }], outsider.token))
        .statusCode,
    ).toBe(403);
    const ok = await upload<FaceConsent>(
      t,
      '/privacy/uploadConsentForm',
      { consentId },
      [{ field: 'file', name: 'f.pdf', data: pdf }],
      manager.token,
    );
    expect([ok.statusCode, ok.body.content.hasForm]).toEqual([200, true]);
    const f = await t.db.selectFrom('stored_file').select(['path', 'mime']).where('kind', '=', 'consent').executeTakeFirstOrThrow();
    const onDisk = fs.readFileSync(path.join(t.config.dataDir, f.path));
    expect([f.mime, isSealed(onDisk), onDisk.includes(Buffer.from('signed consent'))]).toEqual(['application/pdf', true, false]);
  });
});

describe('photos at rest', () => {
  it('stores a photo sealed (not a JPEG), serves it back as the JPEG, records each view, and sends units the plain JPEG', async () => {
    const face = (await t.get<Page<FaceRow>>('/face/getFaces', { account: '13900000001' }, manager.token)).body.content.rows[0] as FaceRow;
    const raw = fs.readFileSync(await photoFile(face.id));
    expect(isSealed(raw)).toBe(true);
    expect([...raw.subarray(0, 3)]).not.toEqual([0xff, 0xd8, 0xff]);
    const served = await t.app.inject({ method: 'GET', url: face.photoUrl, headers: { token: manager.token } });
    expect([served.statusCode, served.headers['content-type'], [...served.rawPayload.subarray(0, 3)]]).toEqual([
      200,
      'image/jpeg',
      [0xff, 0xd8, 0xff],
    ]);
    const detail = await t.get<FaceDetail>('/face/getFaceById', { id: face.id }, manager.token);
    expect(Buffer.from(detail.body.content.imgBase64, 'base64').equals(served.rawPayload)).toBe(true);
    const views = await t.db
      .selectFrom('op_log')
      .select(['content', 'account_id', 'community_id'])
      .where('content', 'like', 'op.face.photoView::%')
      .execute();
    expect(views).toHaveLength(2);
    expect(views[0]).toEqual({
      content: `op.face.photoView::${JSON.stringify({ account: '13900000001', name: 'Chen Jing' })}`,
      account_id: manager.id,
      community_id: mine,
    });
    // on the door unit: face.put carries the plain JPEG
    expect((await t.post('/face/updateFaceAddressInfo', { id: face.id, fas: validity([unit.addressid]) }, manager.token)).statusCode).toBe(
      200,
    );
    await until(() => sim.state.faces.has(String(face.id)), 30_000, 'face on the unit');
    const put = await t.db
      .selectFrom('command')
      .select('payload')
      .where('kind', '=', CMD_KIND.facePut)
      .where('object_key', '=', `face:${face.id}`)
      .executeTakeFirstOrThrow();
    expect(Buffer.from((put.payload as { imgBase64: string }).imgBase64, 'base64').equals(served.rawPayload)).toBe(true);
  });

  it('reads old photos after a key rotation, re-seals them with the new key, and reads and re-seals unsealed ones', async () => {
    const face = (await t.get<Page<FaceRow>>('/face/getFaces', { account: '13900000003' }, manager.token)).body.content.rows[0] as FaceRow;
    const file = await photoFile(face.id);
    const plain = (await t.get<FaceDetail>('/face/getFaceById', { id: face.id }, manager.token)).body.content.imgBase64;
    // a photo from before sealing: the plain JPEG on disk
    const legacy = (await t.get<Page<FaceRow>>('/face/getFaces', { account: '13900000001' }, manager.token)).body.content
      .rows[0] as FaceRow;
    const legacyFile = await photoFile(legacy.id);
    const legacyJpeg = Buffer.from(
      (await t.get<FaceDetail>('/face/getFaceById', { id: legacy.id }, manager.token)).body.content.imgBase64,
      'base64',
    );
    fs.writeFileSync(legacyFile, legacyJpeg);
    Object.assign(t.config, { PHOTO_KEY: K2, PHOTO_KEYS_OLD: K1 });
    try {
      expect((await t.get<FaceDetail>('/face/getFaceById', { id: face.id }, manager.token)).body.content.imgBase64).toBe(plain);
      expect((await t.get<FaceDetail>('/face/getFaceById', { id: legacy.id }, manager.token)).body.content.imgBase64).toBe(b64(legacyJpeg));
      const sealedBefore = fs.readFileSync(file);
      const n = await resealStoredFiles(t.db, t.config);
      expect(n).toMatchObject({ resealed: 3, missing: 0 });
      expect(fs.readFileSync(file).equals(sealedBefore)).toBe(false);
      expect(isSealed(fs.readFileSync(legacyFile))).toBe(true);
      expect((await resealStoredFiles(t.db, t.config)).resealed).toBe(0);
      // the old key can go: everything opens with the new one alone
      Object.assign(t.config, { PHOTO_KEYS_OLD: undefined });
      expect((await t.get<FaceDetail>('/face/getFaceById', { id: face.id }, manager.token)).body.content.imgBase64).toBe(plain);
      expect((await t.get<FaceDetail>('/face/getFaceById', { id: legacy.id }, manager.token)).body.content.imgBase64).toBe(b64(legacyJpeg));
    } finally {
      Object.assign(t.config, { PHOTO_KEY: K1, PHOTO_KEYS_OLD: K2 });
    }
  });
});

describe('erasure proven', () => {
  it('withdrawing consent erases the face on every unit, keeps the card, and the receipt completes when an offline unit returns', async () => {
    const face = (await t.get<Page<FaceRow>>('/face/getFaces', { account: '13900000001' }, manager.token)).body.content.rows[0] as FaceRow;
    await until(
      async () => (await statusesOf(t, unit.addressid)).every((c) => c.status !== CMD_STATUS.sent && c.status !== CMD_STATUS.notSent),
      30_000,
      'unit settled',
    );
    const file = await photoFile(face.id);
    await sim.stop();
    const commandsBefore = (await t.db.selectFrom('command').select('id').execute()).length;
    // staff of another community can neither withdraw nor erase: 403, nothing sent
    expect((await t.post('/privacy/withdrawConsent', { faceId: face.id }, outsider.token)).statusCode).toBe(403);
    expect((await t.post('/face/delFace', { id: face.id }, outsider.token)).statusCode).toBe(403);
    expect((await t.db.selectFrom('command').select('id').execute()).length).toBe(commandsBefore);

    const res = await t.post<{ erasureId: number }>('/privacy/withdrawConsent', { faceId: face.id }, manager.token);
    expect(res.statusCode).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
    expect(await t.db.selectFrom('face').select('id').where('id', '=', face.id).executeTakeFirst()).toBeUndefined();
    expect((await t.db.selectFrom('card').select('status').where('card_no', '=', 'PC0001').executeTakeFirst())?.status).toBe('enable');
    const c = await t.db
      .selectFrom('face_consent')
      .select(['withdrawn_at', 'face_id'])
      .where('account', '=', '13900000001')
      .executeTakeFirstOrThrow();
    expect(c.withdrawn_at).not.toBeNull();
    expect((await t.lastOpLog())?.content).toContain('op.privacy.withdraw::');

    const list = async (token = manager.token) => (await t.get<Page<ErasureRow>>('/privacy/getErasures', {}, token)).body.content;
    const first = await list();
    expect(first.total).toBe(1);
    expect(first.rows[0]).toMatchObject({
      id: res.body.content.erasureId,
      faceId: face.id,
      account: '13900000001',
      reason: 'withdraw',
      complete: false,
    });
    expect(first.rows[0]?.units).toEqual([expect.objectContaining({ addressId: unit.addressid, state: 'pending', ackedAt: null })]);
    expect((await list(outsider.token)).total).toBe(0);
    expect((await t.post('/privacy/resendErasure', { id: res.body.content.erasureId }, outsider.token)).statusCode).toBe(403);
    expect((await t.get('/privacy/getErasures', {}, (await t.signIn({ roleId: 3 })).token)).statusCode).toBe(403);

    // re-send while it is still offline: the unit's row follows the new command
    const resent = await t.post<ErasureRow>('/privacy/resendErasure', { id: res.body.content.erasureId }, manager.token);
    expect(resent.statusCode).toBe(200);
    expect(resent.body.content.units[0]?.commandId).not.toBe(first.rows[0]?.units[0]?.commandId);

    // back online: the queue sends what waited, the unit forgets the face, the receipt completes
    sim = await startSimulatedDevice({ url: t.services.devices.url as string, prefix, serial: unit.serial, secret: unit.secret });
    await until(async () => (await list()).rows[0]?.complete === true, 30_000, 'erasure acknowledged');
    const done = (await list()).rows[0] as ErasureRow;
    expect(done.units[0]).toMatchObject({ state: 'acked' });
    expect(done.units[0]?.ackedAt).not.toBeNull();
    expect(sim.state.faces.has(String(face.id))).toBe(false);
    const again = await t.post('/privacy/resendErasure', { id: done.id }, manager.token);
    expect([again.statusCode, again.body.msgs]).toEqual([400, ['Every door unit has acknowledged the erasure']]);
  });

  it('deleting a face keeps an erasure record too', async () => {
    const face = (await t.get<Page<FaceRow>>('/face/getFaces', { account: '13900000003' }, manager.token)).body.content.rows[0] as FaceRow;
    expect((await t.post('/face/delFace', { id: face.id }, manager.token)).statusCode).toBe(200);
    const rows = (await t.get<Page<ErasureRow>>('/privacy/getErasures', {}, manager.token)).body.content.rows;
    expect(rows[0]).toMatchObject({ faceId: face.id, reason: 'delete', units: [], complete: true });
  });
});
