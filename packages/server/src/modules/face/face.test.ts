import fs from 'node:fs';
import path from 'node:path';
import type { FaceDetail, FaceRow, Page } from '@gatehouse/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/harness.ts';
import { b64, blankJpeg, consent, groupPhoto, hugeJpeg, oneFace, otherFace, pngFace } from './test-photos.ts';

let t: TestApp;
let mine: number;
let other: number;
let houseMine: number;
let houseOther: number;
let gateMine: number;
let admin: string;
let manager: string;
const photos: Record<string, string> = {};

const addr = async (community: number, address: string, type: number) =>
  (
    await t.db
      .insertInto('address')
      .values({
        community_id: community,
        address,
        name: address,
        type,
        is_villa: 0,
        hardware: type === 0 ? 1 : 0,
        devstate: 0,
        reg_no: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

const stored = async () => ({
  faces: (await t.db.selectFrom('face').select('id').execute()).length,
  files: (await t.db.selectFrom('stored_file').select('id').where('kind', '=', 'face').execute()).length,
  onDisk: fs.existsSync(path.join(t.config.dataDir, 'files/faces')) ? fs.readdirSync(path.join(t.config.dataDir, 'files/faces')).length : 0,
});
const form = (over: Record<string, unknown> = {}) => ({
  communityId: mine,
  addressId: houseMine,
  account: '13800000001',
  username: 'Li Lei',
  imgBase64: photos.one,
  ...consent(),
  ...over,
});

beforeAll(async () => {
  t = await testApp();
  mine = await t.createCommunity('Face Mine');
  other = await t.createCommunity('Face Other');
  houseMine = await addr(mine, 'Block 1 Room 101', 1);
  houseOther = await addr(other, 'Block 9 Room 909', 1);
  gateMine = await addr(mine, 'Block 1 Gate', 0);
  ({ token: admin } = await t.signIn({ roleId: 1 }));
  const m = await t.signIn({ roleId: 4 });
  manager = m.token;
  await t.db.insertInto('account_community').values({ account_id: m.id, community_id: mine }).execute();
  // the holders' other way in (a face is never the only one: modules/privacy)
  await t.db
    .insertInto('card')
    .values([
      { card_no: 'F1', community_id: mine, address_id: houseMine, account: '13800000001', card_type: 'accesscard', card_mode: 'ic' },
      { card_no: 'F2', community_id: other, address_id: houseOther, account: '13800000002', card_type: 'accesscard', card_mode: 'ic' },
    ])
    .execute();
  for (const [k, f] of Object.entries({
    one: oneFace,
    other: otherFace,
    group: groupPhoto,
    blank: blankJpeg,
    png: pngFace,
    huge: hugeJpeg,
  }))
    photos[k] = b64(await f());
});
afterAll(async () => t.close());

describe('face photo check', () => {
  it('answers 401 without a session and 403 without the face menu', async () => {
    expect((await t.post('/face/checkFaceValid', { imgBase64: photos.one })).statusCode).toBe(401);
    expect((await t.get('/face/getFaces')).statusCode).toBe(401);
    expect((await t.post('/face/createFace', form())).statusCode).toBe(401);
    const engineer = await t.signIn({ roleId: 3 });
    expect((await t.post('/face/checkFaceValid', { imgBase64: photos.one }, engineer.token)).statusCode).toBe(403);
    expect((await t.get('/face/getFaces', {}, engineer.token)).statusCode).toBe(403);
    expect((await t.post('/face/createFace', form(), engineer.token)).statusCode).toBe(403);
    expect(await stored()).toEqual({ faces: 0, files: 0, onDisk: 0 });
  });

  it('answers a photo with one face normalised: JPEG within 480x360, under 1 MB', async () => {
    const res = await t.post<string>('/face/checkFaceValid', { imgBase64: `data:image/jpeg;base64,${photos.one}` }, manager);
    expect(res.statusCode).toBe(200);
    const jpeg = Buffer.from(res.body.content, 'base64');
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const meta = await sharp(jpeg).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBeLessThanOrEqual(480);
    expect(meta.height).toBeLessThanOrEqual(480);
    expect(jpeg.length).toBeLessThan(1024 * 1024);
  });

  it('turns a photo upright by its EXIF orientation and fits a large one inside 480x360 (360x480 when portrait)', async () => {
    const upright = Buffer.from(photos.one as string, 'base64');
    const { width, height } = await sharp(upright).metadata();
    // stored sideways with orientation 6 (rotate 90° clockwise to view): the answer is upright again
    const sideways = await sharp(upright).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const res = await t.post<string>('/face/checkFaceValid', { imgBase64: b64(sideways), source: 'upload' }, manager);
    expect(res.statusCode).toBe(200);
    const meta = await sharp(Buffer.from(res.body.content, 'base64')).metadata();
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([width, height, 1]);
    const big = await sharp(upright).resize({ width: 1320 }).jpeg().toBuffer();
    const fitted = await t.post<string>('/face/checkFaceValid', { imgBase64: b64(big) }, manager);
    const m2 = await sharp(Buffer.from(fitted.body.content, 'base64')).metadata();
    // portrait: fitted inside 360x480
    expect(m2.width).toBe(360);
    expect(m2.height).toBeLessThanOrEqual(480);
  });

  it('refuses a photo without a face, with several faces, not a JPEG, over 1 MB, or missing', async () => {
    const cases: [string | undefined, string[]][] = [
      [photos.blank, ['No face found in the photo']],
      [photos.group, ['There is more than one face in the photo']],
      [photos.png, ['The image must be a JPEG']],
      [photos.huge, ['The image cannot exceed 1MB']],
      [undefined, ['The face photo is missing']],
      ['not base64 at all!', ['The image must be a JPEG']],
    ];
    for (const [img, msgs] of cases) {
      const res = await t.post('/face/checkFaceValid', { imgBase64: img }, manager);
      expect([res.statusCode, res.body.msgs]).toEqual([400, msgs]);
    }
  });
});

describe('faces', () => {
  it('refuses each broken rule of the add form and stores nothing', async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ account: '12345' }, ['Please enter a valid phone number']],
      [{ account: '' }, ['Please enter account']],
      [{ imgBase64: undefined }, ['The face photo is missing']],
      [{ imgBase64: photos.blank }, ['No face found in the photo']],
      [{ imgBase64: photos.group }, ['There is more than one face in the photo']],
      [{ imgBase64: photos.png }, ['The image must be a JPEG']],
      [{ imgBase64: photos.huge }, ['The image cannot exceed 1MB']],
      [{ communityId: undefined }, ['Please choose community']],
      [{ addressId: undefined }, ['Please choose household']],
      [{ addressId: houseOther }, ['The household does not belong to the community']],
      [{ addressId: gateMine }, ['Please choose a household address']],
      [
        { addressId: houseOther, imgBase64: photos.blank },
        ['The household does not belong to the community', 'No face found in the photo'],
      ],
    ];
    for (const [over, msgs] of cases) {
      const res = await t.post('/face/createFace', form(over), manager);
      expect([res.statusCode, res.body.msgs]).toEqual([400, msgs]);
    }
    expect(await stored()).toEqual({ faces: 0, files: 0, onDisk: 0 });
  });

  it('refuses a community out of scope', async () => {
    const res = await t.post('/face/createFace', form({ communityId: other, addressId: houseOther }), manager);
    expect([res.statusCode, res.body.msgs]).toEqual([403, ['You have no access to this community']]);
    expect(await stored()).toEqual({ faces: 0, files: 0, onDisk: 0 });
  });

  it('adds, lists, shows, edits and deletes a face, with the op log', async () => {
    const res = await t.post<FaceRow>('/face/createFace', form(), manager);
    expect(res.statusCode).toBe(200);
    expect(res.body.msgs).toEqual(['Created']);
    const face = res.body.content;
    expect(face).toMatchObject({
      username: 'Li Lei',
      account: '13800000001',
      communityname: 'Face Mine',
      communityId: mine,
      address: 'Block 1 Room 101',
      addressId: houseMine,
      status: 'enable',
      isVilla: 0,
    });
    expect(await stored()).toEqual({ faces: 1, files: 1, onDisk: 1 });
    const added = await t.db.selectFrom('op_log').select('content').where('content', 'like', 'op.face.add::%').execute();
    expect(added.map((l) => l.content)).toEqual([
      `op.face.add::${JSON.stringify({ account: '13800000001', address: 'Block 1 Room 101' })}`,
    ]);

    // a face of another community, added by the administrator, is not the manager's
    const foreign = await t.post<FaceRow>(
      '/face/createFace',
      form({ communityId: other, addressId: houseOther, account: '13800000002' }),
      admin,
    );
    expect(foreign.statusCode).toBe(200);
    const list = await t.get<Page<FaceRow>>('/face/getFaces', { page: 0, rows: 50 }, manager);
    expect(list.body.content.rows.map((r) => r.id)).toEqual([face.id]);
    expect((await t.get<Page<FaceRow>>('/face/getFaces', {}, admin)).body.content.total).toBe(2);
    expect((await t.get<Page<FaceRow>>('/face/getFaces', { account: '0002' }, admin)).body.content.rows.map((r) => r.id)).toEqual([
      foreign.body.content.id,
    ]);
    expect((await t.get<Page<FaceRow>>('/face/getFaces', { status: 'disable' }, admin)).body.content.total).toBe(0);
    expect((await t.get<Page<FaceRow>>('/face/getFaces', { address: 'Room 909' }, admin)).body.content.total).toBe(1);
    for (const url of ['/face/getFaceById', '/face/getFacePhoto']) {
      expect((await t.get(url, { id: foreign.body.content.id }, manager)).statusCode).toBe(403);
    }
    expect((await t.post('/face/delFace', { id: foreign.body.content.id }, manager)).statusCode).toBe(403);

    const detail = await t.get<FaceDetail>('/face/getFaceById', { id: face.id }, manager);
    const storedJpeg = Buffer.from(detail.body.content.imgBase64, 'base64');
    expect([...storedJpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const photo = await t.app.inject({ method: 'GET', url: face.photoUrl, headers: { token: manager } });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.rawPayload.equals(storedJpeg)).toBe(true);
    // the thumbnails of the face lists: cached privately, revalidated by ETag each time (each view recorded), the scope checked each time
    expect(photo.headers['cache-control']).toBe('private, no-cache');
    const etag = String(photo.headers.etag);
    expect(etag).toMatch(/^"face-photo-\d+"$/);
    const again = await t.app.inject({ method: 'GET', url: face.photoUrl, headers: { token: manager, 'if-none-match': etag } });
    expect([again.statusCode, again.rawPayload.length]).toEqual([304, 0]);
    const foreignPhoto = await t.app.inject({
      method: 'GET',
      url: `/api/face/getFacePhoto?id=${foreign.body.content.id}`,
      headers: { token: manager, 'if-none-match': etag },
    });
    expect(foreignPhoto.statusCode).toBe(403);

    // edit: a new photo must pass the check; a refused edit changes nothing
    const bad = await t.post(
      '/face/updateFace',
      { id: face.id, addressId: houseMine, account: '13800000009', status: 'enable', imgChg: 1, imgBase64: photos.blank },
      manager,
    );
    expect([bad.statusCode, bad.body.msgs]).toEqual([400, ['No face found in the photo']]);
    const missing = await t.post(
      '/face/updateFace',
      { id: face.id, addressId: houseMine, account: '13800000009', status: 'enable', imgChg: 1 },
      manager,
    );
    expect([missing.statusCode, missing.body.msgs]).toEqual([400, ['The face photo is missing']]);
    expect((await t.post('/face/updateFace', { id: face.id, addressId: houseMine, account: '13800000009' }, manager)).body.msgs).toEqual([
      'Please choose status',
    ]);
    expect((await t.get<FaceDetail>('/face/getFaceById', { id: face.id }, manager)).body.content.account).toBe('13800000001');

    const edited = await t.post<FaceRow>(
      '/face/updateFace',
      { id: face.id, addressId: houseMine, account: '13800000009', status: 'disable', imgChg: 1, imgBase64: photos.other },
      manager,
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.body.content).toMatchObject({ account: '13800000009', status: 'disable' });
    expect(edited.body.content.photoUrl).not.toBe(face.photoUrl);
    const log = await t.lastOpLog();
    const after = await t.get<FaceDetail>('/face/getFaceById', { id: face.id }, manager);
    expect(after.body.content.imgBase64).not.toBe(detail.body.content.imgBase64);
    expect(await stored()).toEqual({ faces: 2, files: 2, onDisk: 2 });
    expect(log?.content).toBe(`op.face.edit::${JSON.stringify({ account: '13800000009', address: 'Block 1 Room 101' })}`);
    expect(log?.detail).toMatchObject({
      before: { account: '13800000001', status: 'enable' },
      after: { account: '13800000009', status: 'disable' },
    });

    // an edit without imgChg keeps the photo
    const kept = await t.post<FaceRow>(
      '/face/updateFace',
      { id: face.id, addressId: houseMine, account: '13800000009', status: 'enable', imgChg: 0 },
      manager,
    );
    expect(kept.body.content.photoUrl).toBe(edited.body.content.photoUrl);

    // community deletion names the faces
    const del = await t.post('/community/batchDel', { ids: mine }, admin);
    expect(del.statusCode).toBe(409);
    expect(del.body.msgs[0]).toContain('1 face(s)');
    const delHouse = await t.post('/address/batchDelAddr', { ids: houseMine }, admin);
    expect([delHouse.statusCode, delHouse.body.msgs]).toEqual([
      409,
      ['Cannot delete "Block 1 Room 101": it still has 1 card(s), 1 face(s). Remove them first'],
    ]);

    const gone = await t.post('/face/delFace', { id: face.id }, manager);
    expect([gone.statusCode, gone.body.msgs]).toEqual([200, ['Deleted']]);
    expect((await t.get('/face/getFaceById', { id: face.id }, manager)).statusCode).toBe(404);
    expect(await stored()).toEqual({ faces: 1, files: 1, onDisk: 1 });
    expect((await t.lastOpLog())?.content).toBe(
      `op.face.delete::${JSON.stringify({ account: '13800000009', address: 'Block 1 Room 101' })}`,
    );
  });
});
