import fs from 'node:fs';
import path from 'node:path';
import type { CommunityFile } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/harness.ts';
import { makeJpeg, makePng } from '../../test/images.ts';
import { upload } from '../../test/multipart.ts';

let t: TestApp;
let admin: { id: number; token: string };
let engineer: { id: number; token: string };
let community: number;

beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn({ roleId: 1 });
  engineer = await t.signIn({ roleId: 3 });
  community = await t.createCommunity('Cover Court');
});
afterAll(async () => t.close());

const covers = async () =>
  await t.db.selectFrom('stored_file').select(['id', 'path']).where('community_id', '=', community).where('kind', '=', 'cover').execute();
const jpeg = (name: string, shade: number) => ({ name, type: 'image/jpeg', data: makeJpeg({ shade, width: 32, height: 24 }) });

describe('uploadCommunityFiles', () => {
  it('answers 401 without a token and 403 out of scope', async () => {
    expect(
      (await upload(t, '/community/uploadCommunityFiles', { communityId: community, func: 'add' }, [jpeg('a.jpg', 10)])).statusCode,
    ).toBe(401);
    const res = await upload(
      t,
      '/community/uploadCommunityFiles',
      { communityId: community, func: 'add' },
      [jpeg('a.jpg', 10)],
      engineer.token,
    );
    expect(res.statusCode).toBe(403);
    expect(res.body.msgs).toEqual(['You have no access to this community']);
    expect(await covers()).toHaveLength(0);
  });

  it('refuses a PNG renamed .jpg by its content', async () => {
    const res = await upload(
      t,
      '/community/uploadCommunityFiles',
      { communityId: community, func: 'add' },
      [{ name: 'photo.jpg', type: 'image/jpeg', data: makePng() }],
      admin.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.body.msgs).toEqual(['Only JPG format allowed']);
    expect(await covers()).toHaveLength(0);
  });

  it('refuses a 1.2 MB JPEG', async () => {
    const big = makeJpeg({ padTo: 1_200_000 });
    expect(big.length).toBeGreaterThanOrEqual(1_200_000);
    const res = await upload(
      t,
      '/community/uploadCommunityFiles',
      { communityId: community, func: 'add' },
      [{ name: 'big.jpg', type: 'image/jpeg', data: big }],
      admin.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.body.msgs).toEqual(['The image size cannot exceed 1MB']);
    expect(await covers()).toHaveLength(0);
  });

  it('refuses an add without a file and a del without a file id', async () => {
    const none = await upload(t, '/community/uploadCommunityFiles', { communityId: community, func: 'add' }, [], admin.token);
    expect(none.body.msgs).toEqual(['Please choose image']);
    const del = await upload(t, '/community/uploadCommunityFiles', { communityId: community, func: 'del' }, [], admin.token);
    expect(del.body.msgs).toEqual(['Please choose image']);
    const bad = await upload(t, '/community/uploadCommunityFiles', { communityId: community, func: 'move' }, [], admin.token);
    expect(bad.body.msgs).toEqual(['operation is invalid']);
  });

  it('keeps up to three JPEGs, refuses a fourth, serves them in scope and deletes one', async () => {
    const two = await upload<CommunityFile[]>(
      t,
      '/community/uploadCommunityFiles',
      { communityId: community, func: 'add' },
      [jpeg('one.jpg', 50), jpeg('two.jpeg', 100)],
      admin.token,
    );
    expect(two.statusCode).toBe(200);
    expect(two.body.msgs).toEqual(['File upload successful']);
    expect(two.body.content.map((f) => f.name)).toEqual(['one.jpg', 'two.jpeg']);
    const log = await t.lastOpLog();
    expect(log?.content).toContain('op.comm.coverAdd');
    const three = await upload<CommunityFile[]>(
      t,
      '/community/uploadCommunityFiles',
      { communityId: community, func: 'add' },
      [jpeg('three.jpg', 150)],
      admin.token,
    );
    expect(three.body.content).toHaveLength(3);
    const four = await upload(
      t,
      '/community/uploadCommunityFiles',
      { communityId: community, func: 'add' },
      [jpeg('four.jpg', 200)],
      admin.token,
    );
    expect(four.statusCode).toBe(400);
    expect(four.body.msgs).toEqual(['The maximum number of images held has been reached']);
    expect(await covers()).toHaveLength(3);
    expect(fs.readdirSync(path.join(t.config.dataDir, 'files', 'covers'))).toHaveLength(3);

    const first = three.body.content[0] as CommunityFile;
    expect(first.url).toBe(`/api/community/getCommunityFile?fileId=${first.fileId}`);
    const img = await t.app.inject({ method: 'GET', url: first.url, headers: { token: admin.token } });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.rawPayload.equals(makeJpeg({ shade: 50, width: 32, height: 24 }))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: first.url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: first.url, headers: { token: engineer.token } })).statusCode).toBe(403);

    const listed = await t.get<CommunityFile[]>('/community/getCommunityFiles', { communityId: community }, admin.token);
    expect(listed.body.content).toHaveLength(3);
    expect((await t.get('/community/getCommunityFiles', { communityId: community }, engineer.token)).statusCode).toBe(403);

    const other = await t.createCommunity();
    const wrong = await upload(
      t,
      '/community/uploadCommunityFiles',
      { communityId: other, func: 'del', fileId: first.fileId },
      [],
      admin.token,
    );
    expect(wrong.statusCode).toBe(404);
    const del = await upload<CommunityFile[]>(
      t,
      '/community/uploadCommunityFiles',
      { communityId: community, func: 'del', fileId: first.fileId },
      [],
      admin.token,
    );
    expect(del.body.msgs).toEqual(['Deleted']);
    expect(del.body.content.map((f) => f.name)).toEqual(['two.jpeg', 'three.jpg']);
    expect(fs.readdirSync(path.join(t.config.dataDir, 'files', 'covers'))).toHaveLength(2);
    expect((await t.lastOpLog())?.content).toContain('op.comm.coverDel');
    expect((await t.app.inject({ method: 'GET', url: first.url, headers: { token: admin.token } })).statusCode).toBe(404);
  });
});
