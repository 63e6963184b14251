import fs from 'node:fs';
import path from 'node:path';
import { LIMITS, type NoticeRow, type Page } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/harness.ts';
import { type FilePart, upload } from '../../test/multipart.ts';

let t: TestApp;
let mine: number;
let other: number;
let manager: { id: number; token: string };

const URL = '/notice/uploadNoticeFiles';
const text = (name: string, body = 'hello'): FilePart => ({ name, type: 'text/plain', data: Buffer.from(body) });
const form = (over: Record<string, string | number> = {}) => ({
  title: 'Water cut',
  content: 'No water on Monday',
  communityId: mine,
  validfrom: '2026-12-01 08:00',
  validto: '2026-12-02 18:00',
  ...over,
});
const stored = async () => ({
  notices: (await t.db.selectFrom('notice').select('id').execute()).length,
  files: (await t.db.selectFrom('stored_file').select('id').where('kind', '=', 'notice').execute()).length,
  onDisk: fs.existsSync(path.join(t.config.dataDir, 'files/notices'))
    ? fs.readdirSync(path.join(t.config.dataDir, 'files/notices')).length
    : 0,
});

beforeAll(async () => {
  t = await testApp();
  mine = await t.createCommunity('Notice Mine');
  other = await t.createCommunity('Notice Other');
  manager = await t.signIn({ roleId: 4 });
  await t.db.insertInto('account_community').values({ account_id: manager.id, community_id: mine }).execute();
});
afterAll(async () => t.close());

describe('notices', () => {
  it('answers 401 without a session and 403 without the menu', async () => {
    expect((await t.get('/notice/getNoticesPage')).statusCode).toBe(401);
    expect((await upload(t, URL, form(), [])).statusCode).toBe(401);
    const engineer = await t.signIn({ roleId: 3 });
    expect((await t.get('/notice/getNoticesPage', {}, engineer.token)).statusCode).toBe(403);
    expect((await upload(t, URL, form(), [text('a.txt')], engineer.token)).statusCode).toBe(403);
    expect(await stored()).toEqual({ notices: 0, files: 0, onDisk: 0 });
  });

  it('refuses a community out of scope', async () => {
    const res = await upload(t, URL, form({ communityId: other }), [text('a.txt')], manager.token);
    expect(res.statusCode).toBe(403);
    expect(res.body.msgs).toEqual(['You have no access to this community']);
    expect(await stored()).toEqual({ notices: 0, files: 0, onDisk: 0 });
  });

  it('refuses each broken rule with its message and stores nothing', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ title: '' }, 'Please enter title'],
      [{ title: 'x'.repeat(101) }, 'title cannot exceed 100 characters'],
      [{ content: '' }, 'Please enter content'],
      [{ content: 'x'.repeat(LIMITS.noticeContent + 1) }, `content cannot exceed ${LIMITS.noticeContent} characters`],
      [{ communityId: '' }, 'Please choose community'],
      [{ validfrom: '' }, 'Please enter effective time'],
      [{ validto: '' }, 'Please enter expiry time'],
      [{ validto: 'tomorrow' }, 'expiry time is invalid'],
      [{ validto: '2026-02-30' }, 'expiry time is invalid'],
      [{ validfrom: '2026-12-03 08:00' }, 'The effective time must be before the expiry time'],
      [{ validfrom: '2026-12-02 18:00' }, 'The effective time must be before the expiry time'],
    ];
    for (const [over, message] of cases) {
      const res = await upload(t, URL, form(over), [text('a.txt')], manager.token);
      expect(res.statusCode, message).toBe(400);
      expect(res.body.msgs).toEqual([message]);
    }
    expect(await stored()).toEqual({ notices: 0, files: 0, onDisk: 0 });
  });

  it('refuses an eleventh file and a file over 10 MB, naming it', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => text(`f${i}.txt`));
    const many = await upload(t, URL, form(), eleven, manager.token);
    expect(many.statusCode).toBe(400);
    expect(many.body.msgs).toEqual(['At most 10 files can be uploaded']);
    const big = { name: 'huge.pdf', type: 'application/pdf', data: Buffer.alloc(LIMITS.noticeFileBytes + 1, 1) };
    const res = await upload(t, URL, form(), [text('ok.txt'), big], manager.token);
    expect(res.statusCode).toBe(400);
    expect(res.body.msgs).toEqual(['huge.pdf exceeds 10M and is not allowed']);
    expect(await stored()).toEqual({ notices: 0, files: 0, onDisk: 0 });
    expect(fs.readdirSync(path.join(t.config.dataDir, 'tmp'))).toEqual([]);
  });

  it('creates a notice with attachments, lists it in scope, serves the file and deletes it', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => text(`plan-${i}.txt`, `plan ${i}`));
    const res = await upload<NoticeRow>(t, URL, form(), ten, manager.token);
    expect(res.statusCode).toBe(200);
    expect(res.body.msgs).toEqual(['Created']);
    const n = res.body.content;
    expect(n).toMatchObject({
      title: 'Water cut',
      content: 'No water on Monday',
      communityName: 'Notice Mine',
      validfrom: '2026/12/01 08:00:00',
      validto: '2026/12/02 18:00:00',
    });
    expect(n.downloadFile).toHaveLength(10);
    const added = await t.lastOpLog();
    expect(added).toMatchObject({ name2: 'service.notice', account_id: manager.id, community_id: mine });
    expect(added?.detail?.after).toMatchObject({ files: ten.map((f) => f.name) });

    const otherNotice = await t.db
      .insertInto('notice')
      .values({
        title: 'Elsewhere',
        content: 'x',
        community_id: other,
        validfrom: new Date(),
        validto: new Date(Date.now() + 1000),
        creator_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const page = await t.get<Page<NoticeRow>>('/notice/getNoticesPage', { title: 'water' }, manager.token);
    expect(page.body.content.total).toBe(1);
    expect(page.body.content.rows[0]).toMatchObject({ id: n.id, creator: 'Tester', communityName: 'Notice Mine' });
    expect((await t.get<Page<NoticeRow>>('/notice/getNoticesPage', {}, manager.token)).body.content.rows.map((r) => r.id)).toEqual([n.id]);
    expect((await t.get('/notice/getNotice', { id: otherNotice.id }, manager.token)).statusCode).toBe(404);
    expect((await t.get<NoticeRow>('/notice/getNotice', { id: n.id }, manager.token)).body.content.downloadFile[3]?.name).toBe(
      'plan-3.txt',
    );

    const file = n.downloadFile[3];
    if (!file) throw new Error('no file');
    const dl = await t.app.inject({ method: 'GET', url: file.url, headers: { token: manager.token } });
    expect(dl.statusCode).toBe(200);
    expect(dl.body).toBe('plan 3');
    expect(dl.headers['content-disposition']).toContain('plan-3.txt');
    const outsider = await t.signIn({ roleId: 4 });
    expect((await t.app.inject({ method: 'GET', url: file.url, headers: { token: outsider.token } })).statusCode).toBe(403);

    expect((await t.post('/notice/deleteNotice', { id: otherNotice.id }, manager.token)).statusCode).toBe(404);
    const del = await t.post('/notice/deleteNotice', { id: n.id }, manager.token);
    expect(del.statusCode).toBe(200);
    expect(del.body.msgs).toEqual(['Deleted']);
    const log = await t.lastOpLog();
    expect(log).toMatchObject({ name2: 'service.notice', community_id: mine });
    expect(log?.detail?.before).toMatchObject({ id: n.id, title: 'Water cut' });
    expect(await stored()).toEqual({ notices: 1, files: 0, onDisk: 0 });
    expect((await t.app.inject({ method: 'GET', url: file.url, headers: { token: manager.token } })).statusCode).toBe(404);
  });
});
