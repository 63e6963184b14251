import type { AddressRow, Option, Page } from '@gatehouse/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/harness.ts';

let t: TestApp;
let admin: { id: number; token: string };
let engineer: { id: number; token: string };
let community: number;
let other: number;
let otherAddress: number;

const addr = async (
  communityId: number,
  address: string,
  type: number,
  extra: { isVilla?: number; devstate?: number; regNo?: string } = {},
) =>
  (
    await t.db
      .insertInto('address')
      .values({
        community_id: communityId,
        address,
        name: address,
        type,
        is_villa: extra.isVilla ?? 0,
        hardware: 0,
        devstate: extra.devstate ?? 0,
        reg_no: extra.regNo ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
const countIn = async (communityId: number) =>
  (
    await t.db
      .selectFrom('address')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('community_id', '=', communityId)
      .executeTakeFirstOrThrow()
  ).n;

beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn({ roleId: 1 });
  engineer = await t.signIn({ roleId: 3 });
  community = await t.createCommunity('Address Court');
  other = await t.createCommunity('Elsewhere');
  await t.db.insertInto('community_engineer').values({ community_id: community, account_id: engineer.id }).execute();
  otherAddress = await addr(other, 'Far Gate', 0);
});
afterAll(async () => t.close());

const valid = (extra: Record<string, unknown> = {}) => ({
  communityID: community,
  type: 1,
  address: `B1-${Math.random().toString(36).slice(2, 7)}`,
  name: 'Home',
  isVilla: 0,
  ...extra,
});

describe('getAddressesPage', () => {
  it('answers 401, 403 without the menu or out of scope, 400 without a community', async () => {
    expect((await t.get('/address/getAddressesPage', { communityID: community })).statusCode).toBe(401);
    const manager = await t.signIn({ roleId: 4 });
    expect((await t.get('/address/getAddressesPage', { communityID: community }, manager.token)).statusCode).toBe(403);
    expect((await t.get('/address/getAddressesPage', { communityID: other }, engineer.token)).statusCode).toBe(403);
    const none = await t.get('/address/getAddressesPage', {}, engineer.token);
    expect(none.statusCode).toBe(400);
    expect(none.body.msgs).toEqual(['Please choose community']);
  });

  it('filters by name, type, address and single-family, sorted and paged', async () => {
    const c = await t.createCommunity('List Court');
    await addr(c, 'Gate North', 0);
    await addr(c, 'Villa 7 Gate', 0, { isVilla: 1 });
    await addr(c, 'Room 101', 1);
    await addr(c, 'Room 102', 1);
    await addr(c, 'Office', 2);
    const get = (q: Record<string, unknown>) => t.get<Page<AddressRow>>('/address/getAddressesPage', { communityID: c, ...q }, admin.token);
    expect((await get({})).body.content.total).toBe(5);
    expect((await get({ type: 1, sort: 'address', order: 'desc' })).body.content.rows.map((r) => r.address)).toEqual([
      'Room 102',
      'Room 101',
    ]);
    expect((await get({ isvilla: 1 })).body.content.rows.map((r) => r.address)).toEqual(['Villa 7 Gate']);
    expect((await get({ address: 'gate', name: 'north' })).body.content.rows.map((r) => r.address)).toEqual(['Gate North']);
    const page = await get({ rows: 2, page: 2, sort: 'address' });
    expect(page.body.content.rows.map((r) => r.address)).toEqual(['Villa 7 Gate']);
    expect((await get({ type: 5 })).body.msgs).toEqual(['type is invalid']);
  });
});

describe('create', () => {
  it('answers 401 and 403 for another community', async () => {
    expect((await t.post('/address/create', valid())).statusCode).toBe(401);
    const res = await t.post('/address/create', valid({ communityID: other }), engineer.token);
    expect(res.statusCode).toBe(403);
    expect(await countIn(other)).toBe(1);
  });

  it('refuses each broken rule and adds nothing', async () => {
    const before = await countIn(community);
    const empty = await t.post('/address/create', { communityID: community }, engineer.token);
    expect(empty.statusCode).toBe(400);
    expect(empty.body.msgs).toEqual([
      'Please choose type',
      'Please enter address',
      'Please enter short name',
      'Please choose single-family',
    ]);
    const long = await t.post('/address/create', valid({ address: 'a'.repeat(201), name: 'n'.repeat(101) }), engineer.token);
    expect(long.body.msgs).toEqual(['address cannot exceed 200 characters', 'short name cannot exceed 100 characters']);
    const hw = await t.post('/address/create', valid({ faceSupported: 2, type: 3 }), engineer.token);
    expect(hw.body.msgs).toEqual(['type is invalid', 'face is invalid']);
    expect(await countIn(community)).toBe(before);
  });

  it('adds an address with its hardware flags, refuses the same address twice, and logs', async () => {
    const res = await t.post<AddressRow>(
      '/address/create',
      valid({ address: 'Gate A', name: 'A', type: 0, faceSupported: 1, cardSupported: 4, pwdSupported: 8 }),
      engineer.token,
    );
    expect(res.body.msgs).toEqual(['Created']);
    expect(res.body.content).toMatchObject({
      address: 'Gate A',
      type: 0,
      hardware: 13,
      faceSupported: 1,
      qrcodeSupported: 0,
      cardSupported: 4,
      pwdSupported: 8,
      devstate: 0,
      regNo: '',
    });
    const log = await t.lastOpLog();
    expect(log).toMatchObject({ name2: 'project.project', community_id: community });
    expect(((log?.detail ?? {}) as { after: { address: string } }).after.address).toBe('Gate A');
    const dup = await t.post('/address/create', valid({ address: 'gate a' }), engineer.token);
    expect(dup.statusCode).toBe(409);
    expect(dup.body.msgs).toEqual(['The community already has the address "gate a"']);
  });
});

describe('updateAddr', () => {
  it('answers 403 for another community’s address and 400 per rule, then updates (type stays)', async () => {
    expect(
      (await t.post('/address/updateAddr', { addressid: otherAddress, address: 'Mine', name: 'M', isVilla: 0 }, engineer.token)).statusCode,
    ).toBe(403);
    const id = await addr(community, 'Room 201', 1);
    const bad = await t.post('/address/updateAddr', { addressid: id, address: '', name: 'x', isVilla: 2 }, engineer.token);
    expect(bad.body.msgs).toEqual(['Please enter address', 'single-family is invalid']);
    const ok = await t.post<AddressRow>(
      '/address/updateAddr',
      { addressid: id, address: 'Room 201A', name: '201A', isVilla: 1, type: 0, qrcodeSupported: 2 },
      engineer.token,
    );
    expect(ok.body.content).toMatchObject({ address: 'Room 201A', name: '201A', isVilla: 1, type: 1, hardware: 2 });
    const d = (await t.lastOpLog())?.detail as { before: { address: string }; after: { address: string } };
    expect([d.before.address, d.after.address]).toEqual(['Room 201', 'Room 201A']);
  });
});

describe('batchDelAddr', () => {
  it('refuses out of scope, a single-family door unit, and addresses with dependents', async () => {
    expect((await t.post('/address/batchDelAddr', { ids: otherAddress }, engineer.token)).statusCode).toBe(403);
    const villa = await addr(community, 'Villa Gate', 0, { isVilla: 1 });
    const v = await t.post('/address/batchDelAddr', { ids: villa }, engineer.token);
    expect(v.statusCode).toBe(403);
    expect(v.body.msgs).toEqual(['No right to delete the single-family door-unit configuration']);
    const home = await addr(community, 'Room 301', 1);
    await t.createAccount({ roleId: 7, communityId: community, addressId: home });
    const gate = await addr(community, 'Gate 3', 0, { devstate: 1, regNo: 'SN-3' });
    const res = await t.post('/address/batchDelAddr', { ids: [home, gate] }, engineer.token);
    expect(res.statusCode).toBe(409);
    expect(res.body.msgs).toEqual([
      'Cannot delete "Room 301": it still has 1 account(s). Remove them first',
      'Cannot delete "Gate 3": it still has 1 active device(s). Remove them first',
    ]);
    expect(await t.db.selectFrom('address').select('id').where('id', 'in', [villa, home, gate]).execute()).toHaveLength(3);
  });

  it('deletes addresses with nothing depending on them, with the op log', async () => {
    const a = await addr(community, 'Room 401', 1);
    const b = await addr(community, 'Room 402', 1);
    const res = await t.post('/address/batchDelAddr', { ids: [a, b] }, engineer.token);
    expect(res.body.msgs).toEqual(['Batch delete succeeded']);
    expect(await t.db.selectFrom('address').select('id').where('id', 'in', [a, b]).execute()).toHaveLength(0);
    expect((await t.lastOpLog())?.content).toContain('op.addr.delete');
  });
});

describe('activeDevice / getActiveDevice', () => {
  it('refuses out of scope, a bad serial and a household', async () => {
    expect((await t.post('/address/activeDevice', { addressid: otherAddress, regNo: 'SN-9' }, engineer.token)).statusCode).toBe(403);
    const gate = await addr(community, 'Gate 5', 0);
    expect((await t.post('/address/activeDevice', { addressid: gate }, engineer.token)).body.msgs).toEqual([
      'Please enter device serial number',
    ]);
    expect((await t.post('/address/activeDevice', { addressid: gate, regNo: 'x'.repeat(51) }, engineer.token)).body.msgs).toEqual([
      'device serial number cannot exceed 50 characters',
    ]);
    const home = await addr(community, 'Room 501', 1);
    const h = await t.post('/address/activeDevice', { addressid: home, regNo: 'SN-501' }, engineer.token);
    expect(h.statusCode).toBe(400);
    expect(h.body.msgs).toEqual(['Only a door-unit address can have a device']);
    expect((await t.get('/address/getActiveDevice', { addressId: gate }, engineer.token)).body.content).toBeNull();
  });

  it('activates, refuses the serial elsewhere, and replaces', async () => {
    const gate = await addr(community, 'Gate 6', 0);
    const res = await t.post<AddressRow>(
      '/address/activeDevice',
      { addressid: gate, communityID: community, address: 'Gate 6', regNo: 'GH-0006' },
      engineer.token,
    );
    expect(res.body.msgs).toEqual(['Device activated']);
    expect(res.body.content).toMatchObject({ devstate: 1, regNo: 'GH-0006' });
    expect((await t.get('/address/getActiveDevice', { addressId: gate }, engineer.token)).body.content).toBe('GH-0006');
    expect((await t.lastOpLog())?.detail).toEqual({ before: { devstate: 0, regNo: null }, after: { devstate: 1, regNo: 'GH-0006' } });
    const gate2 = await addr(community, 'Gate 7', 0);
    const taken = await t.post('/address/activeDevice', { addressid: gate2, regNo: 'GH-0006' }, engineer.token);
    expect(taken.statusCode).toBe(409);
    expect(taken.body.msgs).toEqual(['The serial number GH-0006 is already active on "Gate 6"']);
    const replaced = await t.post<AddressRow>('/address/activeDevice', { addressid: gate, regNo: 'GH-0106' }, engineer.token);
    expect(replaced.body.content.regNo).toBe('GH-0106');
    expect((await t.get('/address/getActiveDevice', { addressId: otherAddress }, engineer.token)).statusCode).toBe(403);
  });
});

describe('lookups', () => {
  it('answer addresses of a community in scope only', async () => {
    const c = await t.createCommunity('Lookup Court');
    await t.db.insertInto('community_engineer').values({ community_id: c, account_id: engineer.id }).execute();
    const gate = await addr(c, 'L Gate', 0);
    const home = await addr(c, 'L Room 1', 1);
    await addr(c, 'L Office', 2);
    const all = await t.get<{ address: string }[]>('/address/getAddressByCommId', { communityId: c }, engineer.token);
    expect(all.body.content.map((r) => r.address)).toEqual(['L Gate', 'L Office', 'L Room 1']);
    const opts = await t.get<Option[]>('/address/getAddressesByComm', { communityId: c, address: 'room' }, engineer.token);
    expect(opts.body.content).toEqual([{ intValue: home, label: 'L Room 1' }]);
    const called = await t.get<Option[]>('/address/searchCalledAddrs', { communityId: c }, engineer.token);
    expect(called.body.content.map((o) => o.label)).toEqual(['L Office', 'L Room 1']);
    const residents = await t.get<Option[]>('/address/searchResidents', { communityID: c }, engineer.token);
    expect(residents.body.content.map((o) => o.label)).toEqual(['L Room 1']);
    expect((await t.get<AddressRow>('/address/getAddressByAddressId', { id: gate }, engineer.token)).body.content.communityName).toBe(
      'Lookup Court',
    );
    expect((await t.get('/address/getAddressByAddressId', { id: otherAddress }, engineer.token)).statusCode).toBe(403);
    expect((await t.get('/address/getAddressByCommId', { communityId: other }, engineer.token)).statusCode).toBe(403);
    expect((await t.get('/address/searchCalledAddrs', { communityId: other }, engineer.token)).statusCode).toBe(403);
    expect((await t.get('/address/getAddressByCommId', { communityId: c })).statusCode).toBe(401);
  });
});
