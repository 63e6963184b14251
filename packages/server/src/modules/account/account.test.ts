import { type AccountDetail, type AccountRow, allRoutes, type Page } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/harness.ts';
import { kit, phone } from './test-kit.ts';

let t: TestApp;
let k: ReturnType<typeof kit>;
let A: number; // a community of the manager
let B: number; // another community
let addrA: number;
let addrB: number;
let admin: { id: number; token: string };
let manager: { id: number; token: string };
beforeAll(async () => {
  t = await testApp();
  k = kit(t);
  A = await t.createCommunity('Alpha Court');
  B = await t.createCommunity('Beta Gardens');
  addrA = await k.address(A, 'A-1-101');
  addrB = await k.address(B, 'B-1-101');
  admin = await k.session(1);
  manager = await k.session(4, [A]);
});
afterAll(async () => t.close());

const householder = (over: Record<string, unknown> = {}) => ({
  areacode: '86',
  regNo: phone(),
  name: 'Resident',
  password: 'Pass1234',
  checkPassword: 'Pass1234',
  roleID: 7,
  communityId: A,
  commuAddressId: addrA,
  facelimit: 6,
  residentlimit: 3,
  ...over,
});

describe('every account call needs a session', () => {
  it('answers 401 without a token', async () => {
    const account = allRoutes().filter((r) => r.module === 'account');
    expect(account.length).toBeGreaterThanOrEqual(24);
    for (const r of account) {
      const res = r.method === 'GET' ? await t.get(r.path) : await t.post(r.path, {});
      expect(res.statusCode, r.path).toBe(401);
    }
  });
});

describe('searchAccounts', () => {
  it('shows an administrator every account but itself, with filters, sort and paging', async () => {
    const c = await t.createCommunity('Search Court');
    const ad = await k.address(c, 'S-9-901');
    await k.account(7, [c], { name: 'Zed Search', regNo: '13700000001', addressId: ad });
    await k.account(7, [c], { name: 'Amy Search', regNo: '13700000002', state: 2 });
    await k.account(5, [c], { name: 'Bob Search', regNo: '13700000003' });
    const all = await t.get<Page<AccountRow>>('/account/searchAccounts', { name: 'search', sort: 'name', order: 'asc' }, admin.token);
    expect(all.body.content.rows.map((r) => r.name)).toEqual(['Amy Search', 'Bob Search', 'Zed Search']);
    expect(all.body.content.total).toBe(3);
    const zed = all.body.content.rows[2] as AccountRow;
    expect(zed).toMatchObject({
      regNo: '13700000001',
      roleID: 7,
      roleName: 'Householder',
      state: 1,
      communityNames: 'Search Court',
      addressStrs: 'S-9-901',
    });
    expect(zed.regTime).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Object.keys(zed)).not.toContain('password_hash');
    const q = (f: Record<string, unknown>) => t.get<Page<AccountRow>>('/account/searchAccounts', { name: 'search', ...f }, admin.token);
    expect((await q({ regNo: '0000003' })).body.content.rows.map((r) => r.name)).toEqual(['Bob Search']);
    expect((await q({ addressStrs: 's-9' })).body.content.rows.map((r) => r.name)).toEqual(['Zed Search']);
    expect((await q({ roleID: 5 })).body.content.rows.map((r) => r.name)).toEqual(['Bob Search']);
    expect((await q({ state: 2 })).body.content.rows.map((r) => r.name)).toEqual(['Amy Search']);
    const page1 = await q({ sort: 'regNo', order: 'desc', rows: 2, page: 1 });
    expect(page1.body.content.rows.map((r) => r.regNo)).toEqual(['13700000001']);
    expect(page1.body.content.total).toBe(3);
    const self = await t.get<Page<AccountRow>>('/account/searchAccounts', { rows: 200 }, admin.token);
    expect(self.body.content.rows.some((r) => r.userid === admin.id)).toBe(false);
  });

  it('shows a manager only lower roles inside its communities', async () => {
    const inA = await k.account(7, [A], { name: 'In A' });
    const staffA = await k.account(5, [A], { name: 'Staff A' });
    await k.account(7, [B], { name: 'In B' });
    await k.account(5, [A, B], { name: 'Staff AB' });
    await k.account(4, [A], { name: 'Peer A' });
    await k.account(2, [], { name: 'Eng sup' });
    const res = await t.get<Page<AccountRow>>('/account/searchAccounts', { rows: 200 }, manager.token);
    const ids = res.body.content.rows.map((r) => r.userid);
    expect(ids).toContain(inA);
    expect(ids).toContain(staffA);
    const names = res.body.content.rows.map((r) => r.name);
    for (const hidden of ['In B', 'Staff AB', 'Peer A', 'Eng sup']) expect(names).not.toContain(hidden);
  });

  it('shows an enterprise user its own employees only', async () => {
    const company = await t.createCommunity('Acme Ltd', 1);
    const other = await t.createCommunity('Other Ltd', 1);
    const boss = await k.session(10, [company]);
    await k.account(11, [company], { name: 'Own staff' });
    await k.account(11, [other], { name: 'Foreign staff' });
    await k.account(7, [company], { name: 'Not employee' });
    const res = await t.get<Page<AccountRow>>('/account/searchAccounts', {}, boss.token);
    expect(res.body.content.rows.map((r) => r.name)).toEqual(['Own staff']);
  });

  it('refuses a caller without the account menu, and a bad sort column', async () => {
    const resident = await k.session(7, [A], { addressId: addrA });
    expect((await t.get('/account/searchAccounts', {}, resident.token)).statusCode).toBe(403);
    const bad = await t.get('/account/searchAccounts', { sort: 'password_hash' }, admin.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.body.msgs).toEqual(['sort column is invalid']);
  });
});

describe('getUser', () => {
  it('answers the edit form of an account in scope, 403 for another community or role, 404 for none', async () => {
    const mine = await k.account(7, [A], { addressId: addrA, name: 'Mine' });
    const res = await t.get<AccountDetail>('/account/getUser', { id: mine }, manager.token);
    expect(res.body.content).toMatchObject({
      userid: mine,
      name: 'Mine',
      communityId: A,
      commuAddressId: addrA,
      facelimit: 6,
      residentlimit: 3,
      deviceIdList: [],
    });
    const theirs = await k.account(7, [B], { addressId: addrB });
    const out = await t.get('/account/getUser', { id: theirs }, manager.token);
    expect(out.statusCode).toBe(403);
    expect(out.body.msgs).toEqual(['You have no access to this community']);
    const peer = await k.account(4, [A]);
    expect((await t.get('/account/getUser', { id: peer }, manager.token)).body.msgs).toEqual(['You may not manage accounts of this role']);
    expect((await t.get('/account/getUser', { id: 999999 }, manager.token)).statusCode).toBe(404);
  });
});

describe('create', () => {
  it('refuses each broken rule with its message and adds nothing', async () => {
    const before = await k.count('account');
    const cases: [Record<string, unknown>, string][] = [
      [{ regNo: '1391234abcd' }, 'The phone number format is incorrect'],
      [{ regNo: '12345678901' }, 'Please enter a valid phone number'],
      [{ areacode: '972', regNo: '13912345678' }, 'Please enter a valid phone number'],
      [{ password: 'x'.repeat(21), checkPassword: 'x'.repeat(21) }, 'password cannot exceed 20 characters'],
      [{ checkPassword: 'Other123' }, 'The two passwords are inconsistent'],
      [{ name: 'N'.repeat(16) }, 'name cannot exceed 15 characters'],
      [{ roleID: 10 }, 'role is invalid'],
      [{ roleID: '' }, 'Please choose role'],
      [{ communityId: '' }, 'Please select community'],
      [{ commuAddressId: '' }, 'Please pick an address'],
      [{ facelimit: 'many' }, 'face limit must be a number'],
      [{ roleID: 5, communityIdList: '' }, 'Please choose communities'],
      [{ areacode: '' }, 'Please enter area code'],
      [{ areacode: '999' }, 'area code is invalid'],
      [{ commuAddressId: addrB }, 'The address is not a householder address of the chosen community'],
    ];
    for (const [over, message] of cases) {
      const res = await t.post('/account/create', householder(over), manager.token);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.body.msgs, JSON.stringify(over)).toContain(message);
    }
    const zh = await t.post('/account/create', householder({ regNo: 'abc' }), await t.tokenFor(manager.id, 'zh-CN'));
    expect(zh.body.msgs).toContain('手机号格式不正确');
    expect(await k.count('account')).toBe(before);
  });

  it('refuses a community out of scope, a role the caller does not manage, and enterprise callers', async () => {
    const staff = await k.session(5, [A]);
    const company = await t.createCommunity('Enterprise Co', 1);
    const boss = await k.session(10, [company]);
    const before = await k.count('account');
    const out = await t.post('/account/create', householder({ communityId: B, commuAddressId: addrB }), manager.token);
    expect(out.statusCode).toBe(403);
    expect(out.body.msgs).toEqual(['You have no access to this community']);
    const up = await t.post('/account/create', householder({ roleID: 4, communityIdList: [A] }), staff.token);
    expect(up.statusCode).toBe(403);
    expect((await t.post('/account/create', householder({ communityId: company }), boss.token)).statusCode).toBe(403);
    expect(await k.count('account')).toBe(before);
  });

  it('adds a householder (inactive, default menus, op log without the password)', async () => {
    const body = householder({ name: 'New Resident' });
    const res = await t.post<AccountDetail>('/account/create', body, manager.token);
    expect(res.body.status).toBe(200);
    expect(res.body.msgs).toEqual(['Created']);
    expect(res.body.content).toMatchObject({
      regNo: body.regNo,
      state: 0,
      communityId: A,
      commuAddressId: addrA,
      communityNames: 'Alpha Court',
      addressStrs: 'A-1-101',
    });
    const row = await k.row(res.body.content.userid);
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    const log = await t.lastOpLog();
    expect(log).toMatchObject({ name1: 'account', name2: 'account', account_id: manager.id, community_id: A });
    expect(log?.content).toContain(body.regNo);
    expect(JSON.stringify(log?.detail)).not.toMatch(/Pass1234|password_hash|argon/);
    const again = await t.post('/account/create', { ...body, name: 'Twin' }, manager.token);
    expect(again.body.msgs).toEqual([`The phone number ${body.regNo} already has an account of this role`]);
  });

  it('adds a manager with its community list and an Israeli number with 10 digits', async () => {
    const res = await t.post<AccountDetail>(
      '/account/create',
      { areacode: '972', regNo: '0501234567', name: 'Staff', password: 'p', checkPassword: 'p', roleID: 5, communityIdList: [A] },
      manager.token,
    );
    expect(res.body.status).toBe(200);
    expect(res.body.content).toMatchObject({ areacode: '972', communityIdList: [A], communityId: null });
    const menus = await t.db.selectFrom('account_menu').select('menu_id').where('account_id', '=', res.body.content.userid).execute();
    expect(menus.length).toBeGreaterThan(0);
  });
});

describe('updateAccount', () => {
  const edit = (id: number, over: Record<string, unknown> = {}) => ({ ...householder(over), userid: id, password: '', checkPassword: '' });

  it('disables an account and its open session is refused at once', async () => {
    const regNo = phone();
    const target = await k.session(7, [A], { addressId: addrA, regNo });
    expect((await t.get('/getSession', {}, target.token)).statusCode).toBe(200);
    const res = await t.post<AccountDetail>('/account/updateAccount', edit(target.id, { regNo, state: 2, name: 'Gone' }), manager.token);
    expect(res.body.status).toBe(200);
    expect(res.body.content).toMatchObject({ state: 2, name: 'Gone' });
    expect((await t.get('/getSession', {}, target.token)).statusCode).toBe(401);
    const log = await t.lastOpLog();
    expect(log?.detail).toMatchObject({ before: { state: 1, name: 'R7' }, after: { state: 2, name: 'Gone' } });
  });

  it('keeps the password when left blank and changes it when given', async () => {
    const target = await k.account(7, [A], { addressId: addrA });
    const before = await k.row(target);
    const same = await t.post('/account/updateAccount', edit(target, { regNo: before?.reg_no, state: 1 }), manager.token);
    expect(same.body.status).toBe(200);
    expect((await k.row(target))?.password_hash).toBe(before?.password_hash);
    const changed = await t.post(
      '/account/updateAccount',
      { ...edit(target, { regNo: before?.reg_no }), password: 'New123', checkPassword: 'New123' },
      manager.token,
    );
    expect(changed.body.status).toBe(200);
    expect((await k.row(target))?.password_hash).not.toBe(before?.password_hash);
  });

  it('refuses door-unit accounts, other communities and broken rules, changing nothing', async () => {
    const door = await k.account(8, [A]);
    const r8 = await t.post('/account/updateAccount', edit(door, { roleID: 7 }), manager.token);
    expect(r8.statusCode).toBe(403);
    expect(r8.body.msgs).toEqual(['Door-unit and other accounts cannot be edited']);
    const theirs = await k.account(7, [B], { addressId: addrB, name: 'Theirs' });
    const out = await t.post('/account/updateAccount', edit(theirs, { communityId: A }), manager.token);
    expect(out.statusCode).toBe(403);
    expect((await k.row(theirs))?.community_id).toBe(B);
    const mine = await k.account(7, [A], { addressId: addrA, name: 'Mine' });
    const bad = await t.post('/account/updateAccount', edit(mine, { name: '' }), manager.token);
    expect(bad.body.msgs).toEqual(['Please enter name']);
    const moveOut = await t.post('/account/updateAccount', edit(mine, { communityId: B, commuAddressId: addrB }), manager.token);
    expect(moveOut.statusCode).toBe(403);
    expect(await k.row(mine)).toMatchObject({ name: 'Mine', community_id: A });
  });
});

describe('batchDel', () => {
  it('deletes accounts in scope with an op log row, and refuses out of scope without deleting anything', async () => {
    const a1 = await k.account(7, [A]);
    const a2 = await k.account(7, [A]);
    const foreign = await k.account(7, [B]);
    const out = await t.post('/account/batchDel', { ids: [a1, foreign] }, manager.token);
    expect(out.statusCode).toBe(403);
    expect(await k.row(a1)).toBeDefined();
    const bad = await t.post('/account/batchDel', { ids: '' }, manager.token);
    expect(bad.body.msgs).toEqual(['Please choose selection']);
    const ok = await t.post('/account/batchDel', { ids: `${a1},${a2}` }, manager.token);
    expect(ok.body.msgs).toEqual(['Batch delete succeeded']);
    expect(await k.row(a1)).toBeUndefined();
    expect((await t.lastOpLog())?.detail).toMatchObject({ before: [{ userid: a1 }, { userid: a2 }] });
  });

  it('refuses an engineer still assigned to a project, and enterprise callers', async () => {
    const eng = await k.account(3, [A], { name: 'Busy Eng' });
    const res = await t.post('/account/batchDel', { ids: [eng] }, admin.token);
    expect(res.body.msgs).toEqual(['Busy Eng is an engineer of a project; remove them from the project first']);
    const company = await t.createCommunity('Del Co', 1);
    const boss = await k.session(10, [company]);
    const staff = await k.account(11, [company]);
    expect((await t.post('/account/batchDel', { ids: [staff] }, boss.token)).statusCode).toBe(403);
    expect(await k.row(staff)).toBeDefined();
  });
});
