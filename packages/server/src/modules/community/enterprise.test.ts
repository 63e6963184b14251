import type { EnterpriseRow, Page } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/harness.ts';

let t: TestApp;
let admin: { id: number; token: string };
let owner: { id: number; token: string };
let mine: number;
let theirs: number;

const enterprise = async (name: string, regNo: string, location: string) =>
  (
    await t.db
      .insertInto('community')
      .values({ name, location, address: 'Road 9', ip: null, type: 1, reg_no: regNo })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn({ roleId: 1 });
  mine = await enterprise('Star Tech', '13900000010', '北京市/市辖区/海淀区');
  theirs = await enterprise('Moon Labs', '13900000011', '上海市/市辖区/浦东新区');
  await t.createCommunity('Plain Project');
  owner = await t.signIn({ roleId: 10, regNo: '13900000010', communityId: mine });
  await t.db
    .insertInto('address')
    .values({ community_id: mine, address: 'Front door', name: 'Front', type: 0, is_villa: 0, hardware: 0, devstate: 1, reg_no: 'SN-E1' })
    .execute();
});
afterAll(async () => t.close());

describe('getEnterprisesPage', () => {
  it('answers 401 without a token and 403 without the enterprise menu', async () => {
    expect((await t.get('/community/getEnterprisesPage')).statusCode).toBe(401);
    const engineer = await t.signIn({ roleId: 3 });
    expect((await t.get('/community/getEnterprisesPage', {}, engineer.token)).statusCode).toBe(403);
  });

  it('lists enterprises only, filtered by phone, name and region', async () => {
    const all = await t.get<Page<EnterpriseRow>>('/community/getEnterprisesPage', { sort: 'name', order: 'asc' }, admin.token);
    expect(all.body.content.rows.map((r) => r.name)).toEqual(['Moon Labs', 'Star Tech']);
    expect(all.body.content.rows[1]).toEqual({
      communityid: mine,
      name: 'Star Tech',
      regNo: '13900000010',
      location: '北京市/市辖区/海淀区',
      address: 'Road 9',
      deviceNum: 1,
    });
    const byPhone = await t.get<Page<EnterpriseRow>>('/community/getEnterprisesPage', { userPhone: '0011' }, admin.token);
    expect(byPhone.body.content.rows.map((r) => r.name)).toEqual(['Moon Labs']);
    const byRegion = await t.get<Page<EnterpriseRow>>(
      '/community/getEnterprisesPage',
      { communityLocation: '北京', communityName: 'star' },
      admin.token,
    );
    expect(byRegion.body.content.total).toBe(1);
  });

  it('shows an enterprise user only its own company', async () => {
    const res = await t.get<Page<EnterpriseRow>>('/community/getEnterprisesPage', {}, owner.token);
    expect(res.body.content.rows.map((r) => r.communityid)).toEqual([mine]);
    expect((await t.get('/community/getCommunity', { id: theirs }, owner.token)).statusCode).toBe(403);
  });
});

describe('updateEnterprise', () => {
  it('refuses another company (403) and broken rules (400), changing nothing', async () => {
    const other = await t.post(
      '/community/updateEnterprise',
      { communityid: theirs, name: 'Mine now', location: 'x', address: 'y' },
      owner.token,
    );
    expect(other.statusCode).toBe(403);
    const bad = await t.post(
      '/community/updateEnterprise',
      { communityid: mine, name: 'n'.repeat(51), location: '', address: 'a'.repeat(151) },
      owner.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body.msgs).toEqual([
      'name cannot exceed 50 characters',
      'Please enter province/city/district',
      'detailed address cannot exceed 150 characters',
    ]);
    const taken = await t.post(
      '/community/updateEnterprise',
      { communityid: mine, name: 'moon labs', location: 'x', address: 'y' },
      owner.token,
    );
    expect(taken.statusCode).toBe(409);
    const row = await t.db.selectFrom('community').select(['name']).where('id', '=', mine).executeTakeFirstOrThrow();
    expect(row.name).toBe('Star Tech');
  });

  it('edits name, location and address; the registration number stays', async () => {
    const res = await t.post<EnterpriseRow>(
      '/community/updateEnterprise',
      { communityid: mine, name: 'Star Tech Ltd', location: '北京市/市辖区/朝阳区', address: 'Road 10', regNo: '13999999999' },
      owner.token,
    );
    expect(res.body.msgs).toEqual(['Update completed']);
    expect(res.body.content).toMatchObject({ name: 'Star Tech Ltd', regNo: '13900000010', location: '北京市/市辖区/朝阳区' });
    const log = await t.lastOpLog();
    expect(log).toMatchObject({ name2: 'enterprise.list', community_id: mine });
    expect(((log?.detail ?? {}) as { before: { name: string } }).before.name).toBe('Star Tech');
  });
});
