import type { AmtRow, Page } from '@gatehouse/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/harness.ts';

let t: TestApp;
let engineer: { id: number; token: string };
let community: number;
let gate: number;
let villa: number;
let r101: number;
let r102: number;
let office: number;
let otherGate: number;
let otherHome: number;
let otherAmt: number;

const addr = async (communityId: number, address: string, type: number, isVilla = 0) =>
  (
    await t.db
      .insertInto('address')
      .values({ community_id: communityId, address, name: address, type, is_villa: isVilla, hardware: 0, devstate: 0, reg_no: null })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
const amtCount = async () => (await t.db.selectFrom('amt').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;

beforeAll(async () => {
  t = await testApp();
  engineer = await t.signIn({ roleId: 3 });
  community = await t.createCommunity('Code Court');
  await t.db.insertInto('community_engineer').values({ community_id: community, account_id: engineer.id }).execute();
  gate = await addr(community, 'Gate 1', 0);
  villa = await addr(community, 'Villa 9 Gate', 0, 1);
  r101 = await addr(community, 'Room 101', 1);
  r102 = await addr(community, 'Room 102', 1);
  office = await addr(community, 'Office', 2);
  const other = await t.createCommunity('Code Elsewhere');
  otherGate = await addr(other, 'Far Gate', 0);
  otherHome = await addr(other, 'Far Room', 1);
  otherAmt = (
    await t.db
      .insertInto('amt')
      .values({ community_id: other, caller_address_id: otherGate, called_address_id: otherHome, code: '1' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  // A device bound to Gate 1: call-code changes are queued for it.
  await t.db
    .insertInto('device')
    .values({
      serial: 'GH-AMT-1',
      name: 'Gate 1',
      is_villa: 0,
      hardware: 0,
      note: '',
      address_id: gate,
      community_id: community,
      phone: null,
      secret_hash: null,
      secret_at: null,
      last_seen_at: null,
      firmware: null,
      bound_at: null,
    })
    .execute();
});
afterAll(async () => t.close());

describe('getAmts / getAmtData', () => {
  it('answers 401, and 403 for another community’s address or entry', async () => {
    expect((await t.get('/address/getAmts', { addressId: gate })).statusCode).toBe(401);
    expect((await t.get('/address/getAmts', { addressId: otherGate }, engineer.token)).statusCode).toBe(403);
    expect((await t.get('/address/getAmtData', { amtId: otherAmt }, engineer.token)).statusCode).toBe(403);
    const householder = await t.signIn({ roleId: 7 });
    expect((await t.get('/address/getAmts', { addressId: gate }, householder.token)).statusCode).toBe(403);
  });
});

describe('createAmt', () => {
  it('refuses each broken rule and adds nothing', async () => {
    const before = await amtCount();
    const post = (b: Record<string, unknown>) =>
      t.post('/address/createAmt', { callerAddressID: gate, calledAddressID: r101, code: '101', ...b }, engineer.token);
    expect((await post({ code: '00' })).body.msgs).toEqual(['The call code may not be 00']);
    expect((await post({ code: '   ' })).body.msgs).toEqual(['Please enter call code']);
    expect((await post({ code: '1'.repeat(21) })).body.msgs).toEqual(['call code cannot exceed 20 characters']);
    expect((await post({ calledAddressID: '' })).body.msgs).toEqual(['Please choose called address']);
    expect((await post({ calledAddressID: gate })).body.msgs).toEqual([
      'The called address must be a householder or management centre of the same community',
    ]);
    expect((await post({ calledAddressID: otherHome })).statusCode).toBe(400);
    expect((await post({ callerAddressID: r102 })).body.msgs).toEqual(['Call-code tables belong to door units']);
    expect((await post({ callerAddressID: otherGate })).statusCode).toBe(403);
    expect(await amtCount()).toBe(before);
  });

  it('adds a code, queues the door unit’s table, logs, and refuses duplicates clearly', async () => {
    const res = await t.post<AmtRow>('/address/createAmt', { callerAddressID: gate, calledAddressID: r101, code: '101' }, engineer.token);
    expect(res.body.msgs).toEqual(['Created']);
    expect(res.body.content).toMatchObject({
      code: '101',
      callerAddressID: gate,
      calledAddressID: r101,
      address: 'Room 101',
      communityId: community,
    });
    expect((await t.lastOpLog())?.content).toContain('op.amt.create');
    const cmd = await t.db
      .selectFrom('command')
      .select(['kind', 'payload', 'address_id'])
      .where('kind', '=', 'amt.table')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(cmd.address_id).toBe(gate);
    expect(cmd.payload).toMatchObject({ addressId: gate, entries: [{ code: '101', addressId: r101, address: 'Room 101' }] });
    const sameCode = await t.post('/address/createAmt', { callerAddressID: gate, calledAddressID: r102, code: '101' }, engineer.token);
    expect(sameCode.statusCode).toBe(409);
    expect(sameCode.body.msgs).toEqual(['The call code 101 is already used on this door unit by "Room 101"']);
    const sameCalled = await t.post('/address/createAmt', { callerAddressID: gate, calledAddressID: r101, code: '999' }, engineer.token);
    expect(sameCalled.body.msgs).toEqual(['"Room 101" already has the call code 101 on this door unit']);
    const list = await t.get<Page<AmtRow>>('/address/getAmts', { addressId: gate }, engineer.token);
    expect(list.body.content.rows.map((r) => r.code)).toEqual(['101']);
  });

  it('gives a single-family door unit the fixed code 000', async () => {
    const res = await t.post<AmtRow>('/address/createAmt', { callerAddressID: villa, calledAddressID: office, code: '55' }, engineer.token);
    expect(res.body.content.code).toBe('000');
  });
});

describe('updateAmt', () => {
  it('refuses another community’s entry and broken rules, then updates', async () => {
    expect(
      (await t.post('/address/updateAmt', { amtid: otherAmt, calledAddressID: otherHome, code: '2' }, engineer.token)).statusCode,
    ).toBe(403);
    const entry = (
      await t.post<AmtRow>('/address/createAmt', { callerAddressID: gate, calledAddressID: r102, code: '102' }, engineer.token)
    ).body.content;
    expect(
      (await t.post('/address/updateAmt', { amtid: entry.amtid, calledAddressID: r102, code: '00' }, engineer.token)).body.msgs,
    ).toEqual(['The call code may not be 00']);
    expect(
      (await t.post('/address/updateAmt', { amtid: entry.amtid, calledAddressID: r102, code: '101' }, engineer.token)).statusCode,
    ).toBe(409);
    const ok = await t.post<AmtRow>('/address/updateAmt', { amtid: entry.amtid, calledAddressID: office, code: '9' }, engineer.token);
    expect(ok.body.content).toMatchObject({ code: '9', address: 'Office' });
    const d = (await t.lastOpLog())?.detail as { before: AmtRow; after: AmtRow };
    expect([d.before.code, d.after.code]).toEqual(['102', '9']);
    expect((await t.get<AmtRow>('/address/getAmtData', { amtId: entry.amtid }, engineer.token)).body.content.code).toBe('9');
  });
});

describe('delAmtBatch', () => {
  it('refuses another community’s entry and a single-family door unit’s entry, then deletes', async () => {
    expect((await t.post('/address/delAmtBatch', { ids: otherAmt }, engineer.token)).statusCode).toBe(403);
    const v = await t.db.selectFrom('amt').select('id').where('caller_address_id', '=', villa).executeTakeFirstOrThrow();
    expect((await t.post('/address/delAmtBatch', { ids: v.id }, engineer.token)).body.msgs).toEqual([
      'No right to delete the single-family door-unit configuration',
    ]);
    const mine = await t.db.selectFrom('amt').select('id').where('caller_address_id', '=', gate).execute();
    const res = await t.post('/address/delAmtBatch', { ids: mine.map((m) => m.id) }, engineer.token);
    expect(res.body.status).toBe(200);
    expect(await t.db.selectFrom('amt').select('id').where('caller_address_id', '=', gate).execute()).toHaveLength(0);
    expect((await t.lastOpLog())?.content).toContain('op.amt.delete');
    const cmd = await t.db
      .selectFrom('command')
      .select(['payload'])
      .where('kind', '=', 'amt.table')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(cmd.payload).toMatchObject({ addressId: gate, entries: [] });
  });
});
