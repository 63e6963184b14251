import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/harness.ts';

let t: TestApp;
let mine: number;
let other: number;
let manager: { id: number; token: string };

async function addMessage(communityId: number, title: string, withFile = false) {
  let fileId: number | null = null;
  if (withFile) {
    const rel = `files/imports/${title}.xlsx`;
    fs.mkdirSync(path.join(t.config.dataDir, 'files/imports'), { recursive: true });
    fs.writeFileSync(path.join(t.config.dataDir, rel), 'spreadsheet bytes');
    fileId = (
      await t.db
        .insertInto('stored_file')
        .values({
          kind: 'import',
          path: rel,
          mime: 'application/octet-stream',
          size: 17,
          original_name: `${title}.xlsx`,
          community_id: communityId,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  return (
    await t.db
      .insertInto('message')
      .values({
        title,
        content: 'import.done::{"count":3,"file":"x.xlsx"}',
        type: 1,
        community_id: communityId,
        creator_id: null,
        file_id: fileId,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

beforeAll(async () => {
  t = await testApp();
  mine = await t.createCommunity('Mine');
  other = await t.createCommunity('Other');
  manager = await t.signIn({ roleId: 4 });
  await t.db.insertInto('account_community').values({ account_id: manager.id, community_id: mine }).execute();
});
afterAll(async () => t.close());

describe('message management', () => {
  it('answers 401 without a session and 403 without the menu', async () => {
    expect((await t.get('/message/getMessagesPage')).statusCode).toBe(401);
    const householder = await t.signIn({ roleId: 7 });
    expect((await t.get('/message/getMessagesPage', {}, householder.token)).statusCode).toBe(403);
  });

  it('lists only messages of communities in scope, rendered in the session language', async () => {
    await addMessage(mine, 'mine-1');
    await addMessage(other, 'other-1');
    const res = await t.get<{ rows: { title: string; content: string; communityName: string }[]; total: number }>(
      '/message/getMessagesPage',
      {},
      manager.token,
    );
    expect(res.body.content.total).toBe(1);
    expect(res.body.content.rows[0]).toMatchObject({ title: 'mine-1', content: 'Imported 3 rows from x.xlsx', communityName: 'Mine' });
  });

  it('refuses a bad filter with a clear message and no change', async () => {
    const res = await t.get('/message/getMessagesPage', { starttime: 'yesterday' }, manager.token);
    expect(res.statusCode).toBe(400);
    expect(res.body.msgs).toEqual(['start time is invalid']);
  });

  it('downloads the source file of a message in scope only', async () => {
    const id = await addMessage(mine, 'with-file', true);
    const ok = await t.app.inject({ url: `/api/message/downloadMessageFile?id=${id}`, headers: { token: manager.token } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('spreadsheet bytes');
    expect(String(ok.headers['content-disposition'])).toContain('with-file.xlsx');
    const foreign = await addMessage(other, 'foreign', true);
    const refused = await t.get('/message/downloadMessageFile', { id: foreign }, manager.token);
    expect(refused.statusCode).toBe(404);
  });

  it('deletes a message in scope with the op log, and refuses another community’s', async () => {
    const foreign = await addMessage(other, 'keep-me');
    const refused = await t.post('/message/deleteMsg', { id: foreign }, manager.token);
    expect(refused.statusCode).toBe(404);
    expect(await t.db.selectFrom('message').select('id').where('id', '=', foreign).executeTakeFirst()).toBeTruthy();
    const id = await addMessage(mine, 'drop-me', true);
    const res = await t.post('/message/deleteMsg', { id }, manager.token);
    expect(res.body).toMatchObject({ status: 200, msgs: ['Deleted'] });
    expect(await t.db.selectFrom('message').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    const log = await t.lastOpLog();
    expect(log).toMatchObject({ name1: 'message', name2: 'message', regno: expect.any(String) });
    expect(log?.content).toContain('drop-me');
  });
});
