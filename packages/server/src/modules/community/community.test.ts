import type { CommunityRow, Page } from '@gatehouse/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/harness.ts';

let t: TestApp;
let admin: { id: number; token: string };
let engineer: { id: number; token: string };
let supervisor: { id: number; token: string };
let manager: { id: number; token: string };

beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn({ roleId: 1 });
  engineer = await t.signIn({ roleId: 3, name: 'Eng Three' });
  supervisor = await t.signIn({ roleId: 2, name: 'Eng Two' });
  manager = await t.signIn({ roleId: 4 });
});
afterAll(async () => t.close());

const count = async () => (await t.db.selectFrom('community').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
const assign = (communityId: number, accountId: number) =>
  t.db.insertInto('community_engineer').values({ community_id: communityId, account_id: accountId }).execute();
const valid = () => ({
  name: `P${Math.random().toString(36).slice(2, 8)}`,
  location: '广东省/深圳市/南山区',
  address: 'Keyuan Road 1',
  engineerIdList: [engineer.id],
});

describe('getCommunitiesByPage', () => {
  it('answers 401 without a token and 403 without the project menu', async () => {
    expect((await t.get('/community/getCommunitiesByPage')).statusCode).toBe(401);
    expect((await t.get('/community/getCommunitiesByPage', {}, manager.token)).statusCode).toBe(403);
  });

  it('lists, filters, sorts and pages in scope; engineers only for roles 2 or lower', async () => {
    const a = await t.createCommunity('Alpha Garden');
    const b = await t.createCommunity('Beta Tower');
    await assign(a, engineer.id);
    const all = await t.get<Page<CommunityRow>>(
      '/community/getCommunitiesByPage',
      { name: 'a', sort: 'name', order: 'asc', rows: 50 },
      admin.token,
    );
    const names = all.body.content.rows.map((r) => r.name);
    expect(names).toContain('Alpha Garden');
    expect(names).toContain('Beta Tower');
    expect([...names].sort()).toEqual(names);
    expect(all.body.content.rows.find((r) => r.communityid === a)?.engineers).toBe('Eng Three');
    const mine = await t.get<Page<CommunityRow>>('/community/getCommunitiesByPage', {}, engineer.token);
    expect(mine.body.content.rows.map((r) => r.communityid)).toEqual([a]);
    expect(mine.body.content.rows[0]?.engineers).toBeUndefined();
    const paged = await t.get<Page<CommunityRow>>('/community/getCommunitiesByPage', { rows: 1, page: 1, sort: 'name' }, admin.token);
    expect(paged.body.content.rows).toHaveLength(1);
    expect(paged.body.content.total).toBeGreaterThanOrEqual(2);
    const loc = await t.get<Page<CommunityRow>>('/community/getCommunitiesByPage', { location: '深圳', name: 'Beta' }, admin.token);
    expect(loc.body.content.rows.map((r) => r.communityid)).toEqual([b]);
    expect((await t.get('/community/getCommunitiesByPage', { sort: 'password' }, admin.token)).statusCode).toBe(400);
  });
});

describe('create', () => {
  it('answers 401 without a token and 403 for roles above 2', async () => {
    expect((await t.post('/community/create', valid())).statusCode).toBe(401);
    const res = await t.post('/community/create', valid(), engineer.token);
    expect(res.statusCode).toBe(403);
  });

  it('refuses each broken rule with its message and creates nothing', async () => {
    const before = await count();
    const empty = await t.post('/community/create', {}, admin.token);
    expect(empty.statusCode).toBe(400);
    expect(empty.body.msgs).toEqual([
      'Please enter name',
      'Please enter province/city/district',
      'Please enter detailed address',
      'Please choose engineer',
    ]);
    const long = await t.post(
      '/community/create',
      { ...valid(), name: 'n'.repeat(51), location: 'l'.repeat(151), address: 'a'.repeat(151) },
      admin.token,
    );
    expect(long.body.msgs).toEqual([
      'name cannot exceed 50 characters',
      'province/city/district cannot exceed 150 characters',
      'detailed address cannot exceed 150 characters',
    ]);
    const notEngineer = await t.post('/community/create', { ...valid(), engineerIdList: [manager.id] }, admin.token);
    expect(notEngineer.statusCode).toBe(400);
    expect(notEngineer.body.msgs).toEqual(['A chosen engineer does not exist or is not an engineering account']);
    const noRegNo = await t.post('/community/create', { ...valid(), type: 1 }, admin.token);
    expect(noRegNo.body.msgs).toEqual(['An enterprise needs a registration number']);
    const badIp = await t.post('/community/create', { ...valid(), ip: 'http://x y' }, admin.token);
    expect(badIp.body.msgs).toEqual(['server address is invalid']);
    expect(await count()).toBe(before);
  });

  it('creates a project with its engineers and writes the op log', async () => {
    const v = { ...valid(), ip: '10.0.0.8:8080', engineerIdList: [engineer.id, supervisor.id] };
    const res = await t.post<CommunityRow>('/community/create', v, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.body.msgs).toEqual(['Created']);
    const c = res.body.content;
    expect(c).toMatchObject({ name: v.name, location: v.location, address: v.address, ip: '10.0.0.8:8080', type: 0, deviceNum: 0 });
    expect(c.engineerIdList?.sort()).toEqual([engineer.id, supervisor.id].sort());
    const log = await t.lastOpLog();
    expect(log).toMatchObject({ name1: 'project', name2: 'project.project', community_id: c.communityid });
    expect(log?.content).toContain('op.comm.create');
    expect(((log?.detail ?? {}) as { after: { name: string } }).after.name).toBe(v.name);
    // the assigned engineer now has it in scope
    const got = await t.get<CommunityRow>('/community/getCommunity', { id: c.communityid }, engineer.token);
    expect(got.body.content.name).toBe(v.name);
    const dup = await t.post('/community/create', { ...valid(), name: v.name.toUpperCase() }, admin.token);
    expect(dup.statusCode).toBe(409);
    expect(dup.body.msgs[0]).toContain('already exists');
  });
});

describe('getCommunity', () => {
  it('answers 403 for a community out of scope and 404 for none', async () => {
    const other = await t.createCommunity();
    expect((await t.get('/community/getCommunity', { id: other }, engineer.token)).statusCode).toBe(403);
    expect((await t.get('/community/getCommunity', { id: 999999 }, admin.token)).statusCode).toBe(404);
  });
});

describe('updateCommu', () => {
  it('refuses roles above 2 and broken rules, then updates with before/after in the op log', async () => {
    const created = (await t.post<CommunityRow>('/community/create', valid(), admin.token)).body.content;
    const edit = {
      communityid: created.communityid,
      name: `${created.name}-2`,
      location: '北京市/市辖区/海淀区',
      address: 'Zhongguancun 1',
      engineerIdList: [supervisor.id],
    };
    expect((await t.post('/community/updateCommu', edit, engineer.token)).statusCode).toBe(403);
    const bad = await t.post('/community/updateCommu', { ...edit, engineerIdList: '' }, admin.token);
    expect(bad.body.msgs).toEqual(['Please choose engineer']);
    expect((await t.get<CommunityRow>('/community/getCommunity', { id: created.communityid }, admin.token)).body.content.name).toBe(
      created.name,
    );
    const ok = await t.post<CommunityRow>('/community/updateCommu', edit, supervisor.token);
    expect(ok.body.content).toMatchObject({ name: edit.name, location: edit.location, engineerIdList: [supervisor.id] });
    const log = await t.lastOpLog();
    const d = log?.detail as { before: { name: string; engineerIdList: number[] }; after: { name: string; engineerIdList: number[] } };
    expect(d.before).toMatchObject({ name: created.name, engineerIdList: [engineer.id] });
    expect(d.after).toMatchObject({ name: edit.name, engineerIdList: [supervisor.id] });
  });
});

describe('batchDel', () => {
  it('lets an engineer delete one community in scope but not several, nor another one', async () => {
    const [x, y, z] = [await t.createCommunity(), await t.createCommunity(), await t.createCommunity()];
    await assign(x, engineer.id);
    await assign(y, engineer.id);
    const several = await t.post('/community/batchDel', { ids: [x, y] }, engineer.token);
    expect(several.statusCode).toBe(403);
    expect(several.body.msgs).toEqual(['Only administrators and engineering supervisors may delete several entries at once']);
    expect((await t.post('/community/batchDel', { ids: z }, engineer.token)).statusCode).toBe(403);
    const one = await t.post('/community/batchDel', { ids: x }, engineer.token);
    expect(one.body.msgs).toEqual(['Deleted']);
    expect(await t.db.selectFrom('community').select('id').where('id', '=', x).executeTakeFirst()).toBeUndefined();
  });

  it('refuses a community that still has accounts, devices or call codes, naming them, and deletes nothing', async () => {
    const c = await t.createCommunity();
    const door = (
      await t.db
        .insertInto('address')
        .values({ community_id: c, address: 'Gate 1', name: 'G1', type: 0, is_villa: 0, hardware: 0, devstate: 1, reg_no: 'SN-1' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const home = (
      await t.db
        .insertInto('address')
        .values({ community_id: c, address: 'Room 101', name: '101', type: 1, is_villa: 0, hardware: 0, devstate: 0, reg_no: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await t.db.insertInto('amt').values({ community_id: c, caller_address_id: door, called_address_id: home, code: '101' }).execute();
    await t.createAccount({ roleId: 7, communityId: c, addressId: home });
    const other = await t.createCommunity();
    const res = await t.post('/community/batchDel', { ids: [c, other] }, admin.token);
    expect(res.statusCode).toBe(409);
    expect(res.body.msgs).toHaveLength(1);
    expect(res.body.msgs[0]).toMatch(/still has 1 account\(s\), 1 active device\(s\), 1 call code\(s\)/);
    expect(await t.db.selectFrom('community').select('id').where('id', 'in', [c, other]).execute()).toHaveLength(2);
  });

  it('deletes a community with its addresses and covers, writing the op log', async () => {
    const c = await t.createCommunity('Gone Garden');
    await t.db
      .insertInto('address')
      .values({ community_id: c, address: 'Room 1', name: '1', type: 1, is_villa: 0, hardware: 0, devstate: 0, reg_no: null })
      .execute();
    const res = await t.post('/community/batchDel', { ids: [c] }, admin.token);
    expect(res.body.status).toBe(200);
    expect(await t.db.selectFrom('address').select('id').where('community_id', '=', c).execute()).toHaveLength(0);
    const log = await t.lastOpLog();
    expect(log?.content).toContain('Gone Garden');
    expect(((log?.detail ?? {}) as { before: { name: string } }).before.name).toBe('Gone Garden');
  });
});

describe('searchCommunitynames', () => {
  it('answers matching names in scope only', async () => {
    const mine = await t.createCommunity('Search Lake');
    await t.createCommunity('Search River');
    await assign(mine, engineer.id);
    expect((await t.get('/community/searchCommunitynames', { name: 'Search' })).statusCode).toBe(401);
    const res = await t.get<{ name: string }[]>('/community/searchCommunitynames', { name: 'Search' }, engineer.token);
    expect(res.body.content.map((r) => r.name)).toEqual(['Search Lake']);
    const all = await t.get<{ name: string }[]>('/community/searchCommunitynames', { name: 'search' }, admin.token);
    expect(all.body.content.map((r) => r.name)).toEqual(['Search Lake', 'Search River']);
  });
});
