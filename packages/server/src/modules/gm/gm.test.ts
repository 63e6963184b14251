import { ADDRESS_TYPE, type GmRow, type Option } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewDevice, statusesOf } from '../../test/devices.ts';
import { testApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: string;
let mine: number;
let other: number;
let manager: string;
beforeAll(async () => {
  t = await testApp();
  ({ token: admin } = await t.signIn({ roleId: 1 }));
  mine = await t.createCommunity('Lakeside');
  other = await t.createCommunity('Hillside');
  const m = await t.signIn({ roleId: 4 });
  await t.db.insertInto('account_community').values({ account_id: m.id, community_id: mine }).execute();
  manager = m.token;
});
afterAll(async () => t.close());

type Page = { rows: GmRow[]; total: number };

describe('door units (/access/gm)', () => {
  it('answers 401 and 403', async () => {
    expect((await t.get('/gm/searchGmsPage')).statusCode).toBe(401);
    expect((await t.post('/gm/updateALTFileByAddressId', { id: 1 })).statusCode).toBe(401);
    const { token: householder } = await t.signIn({ roleId: 7 });
    expect((await t.get('/gm/searchGmsPage', {}, householder)).statusCode).toBe(403);
    expect((await t.post('/gm/updateALTFileByAddressId', { id: 1 }, householder)).statusCode).toBe(403);
  });

  it('lists the door units of the scope with their sync state, filtered and sorted', async () => {
    const bound = await bindNewDevice(t, admin, mine);
    await t.db.updateTable('address').set({ address: 'B1 main door', name: 'B1' }).where('id', '=', bound.addressid).execute();
    await t.db
      .insertInto('address')
      .values({
        community_id: mine,
        address: 'B2 main door',
        name: 'B2',
        type: ADDRESS_TYPE.doorUnit,
        is_villa: 0,
        hardware: 0,
        devstate: 0,
        reg_no: null,
      })
      .execute();
    await t.db
      .insertInto('address')
      .values({
        community_id: mine,
        address: 'B2 101',
        name: '101',
        type: ADDRESS_TYPE.householder,
        is_villa: 0,
        hardware: 0,
        devstate: 0,
        reg_no: null,
      })
      .execute();
    const theirs = await bindNewDevice(t, admin, other);

    const page = await t.get<Page>('/gm/searchGmsPage', { sort: 'name', order: 'asc' }, manager);
    expect(page.body.content.rows.map((r) => r.name)).toEqual(['B1', 'B2']);
    expect(page.body.content.rows[0]).toMatchObject({
      addressid: bound.addressid,
      communityName: 'Lakeside',
      serial: bound.serial,
      online: false,
      failed: 0,
      lastSeen: null,
    });
    expect(page.body.content.rows[0]?.pending).toBe((await statusesOf(t, bound.addressid)).length);
    expect(page.body.content.rows[1]).toMatchObject({ serial: null, pending: 0 });
    expect((await t.get<Page>('/gm/searchGmsPage', { address: 'b2 main' }, manager)).body.content.rows.map((r) => r.name)).toEqual(['B2']);
    expect((await t.get<Page>('/gm/searchGmsPage', { sort: 'online', order: 'desc' }, admin)).body.content.total).toBeGreaterThanOrEqual(3);
    expect((await t.get('/gm/searchGmsPage', { sort: 'serial' }, admin)).body.msgs).toEqual(['sort column is invalid']);
    const options = await t.get<Option[]>('/gm/getGmOptions', {}, manager);
    expect(options.body.content.map((o) => o.label)).toEqual(['Lakeside B1', 'Lakeside B2']);
    expect(options.body.content.map((o) => o.intValue)).not.toContain(theirs.addressid);
  });

  it('queues the ladder file as a type-3 command, in scope only, with the op log', async () => {
    const d = await bindNewDevice(t, admin, mine);
    const theirs = await bindNewDevice(t, admin, other);
    expect((await t.post('/gm/updateALTFileByAddressId', { id: theirs.addressid }, manager)).statusCode).toBe(403);
    expect((await t.post('/gm/updateALTFileByAddressId', {}, manager)).body.msgs).toEqual(['Please enter id']);
    expect((await t.post('/gm/updateALTFileByAddressId', { id: 999999 }, manager)).statusCode).toBe(404);
    const none = await t.db
      .insertInto('address')
      .values({
        community_id: mine,
        address: 'No device',
        name: 'ND',
        type: ADDRESS_TYPE.doorUnit,
        is_villa: 0,
        hardware: 0,
        devstate: 0,
        reg_no: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await t.post('/gm/updateALTFileByAddressId', { id: none.id }, manager)).body.msgs).toEqual([
      'No device is bound to this door unit',
    ]);

    const res = await t.post<{ queued: number }>('/gm/updateALTFileByAddressId', { id: d.addressid }, manager);
    expect(res.body).toMatchObject({ status: 200, msgs: ['Download configuration success'], content: { queued: 1 } });
    const cmds = await t.db
      .selectFrom('command')
      .select(['type', 'kind', 'status', 'info'])
      .where('address_id', '=', d.addressid)
      .orderBy('id')
      .execute();
    const last = cmds[cmds.length - 1];
    expect(last).toMatchObject({ type: 3, kind: 'ladder.file', status: 0 });
    // the ladder file queued at binding was still pending: superseded
    expect(cmds.filter((c) => c.kind === 'ladder.file').map((c) => c.status)).toEqual([4, 0]);
    expect(await t.lastOpLog()).toMatchObject({ name1: 'access', name2: 'access.gm' });
  });
});
