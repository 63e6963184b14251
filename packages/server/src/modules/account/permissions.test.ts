import {
  type AccountRow,
  ALL_ROLES,
  GRANTABLE_MENUS,
  isSystemAdmin,
  LEAF_MENUS,
  type MenuNode,
  menuByKey,
  type Page,
  PERMISSION_FILTER_ROLES,
} from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/harness.ts';
import { kit } from './test-kit.ts';

let t: TestApp;
let k: ReturnType<typeof kit>;
let A: number;
let B: number;
let admin: { id: number; token: string };
let supervisor: { id: number; token: string };
beforeAll(async () => {
  t = await testApp();
  k = kit(t);
  A = await t.createCommunity('Perm A');
  B = await t.createCommunity('Perm B');
  admin = await k.session(1);
  supervisor = await k.session(4, [A]);
});
afterAll(async () => t.close());

const id = (key: Parameters<typeof menuByKey>[0]) => menuByKey(key).id;
const leaves = (nodes: MenuNode[]): number[] => nodes.flatMap((n) => (n.children ? leaves(n.children) : [n.id]));

describe('searchAccountsForPerm', () => {
  it('lists the accounts with menus (roles up to 5, and 10) the caller manages; refuses without the permission menu', async () => {
    await k.account(5, [A], { name: 'Perm staff' });
    await k.account(7, [A], { name: 'Perm resident' });
    await k.account(5, [B], { name: 'Perm foreign' });
    const res = await t.get<Page<AccountRow>>('/account/searchAccountsForPerm', { name: 'perm' }, supervisor.token);
    expect(res.body.content.rows.map((r) => r.name)).toEqual(['Perm staff']);
    const byRole = await t.get<Page<AccountRow>>('/account/searchAccountsForPerm', { roleID: 7 }, supervisor.token);
    expect(byRole.body.content.total).toBe(0);
    const staff = await k.session(5, [A]);
    expect((await t.get('/account/searchAccountsForPerm', {}, staff.token)).statusCode).toBe(403);
  });
});

describe('getAllMenu', () => {
  it('answers every menu to an administrator and only held menus to others; refuses without the permission menu', async () => {
    const all = await t.get<MenuNode[]>('/account/getAllMenu', {}, admin.token);
    expect(leaves(all.body.content).sort()).toEqual(LEAF_MENUS.map((m) => m.id).sort());
    expect(all.body.content.find((n) => n.key === 'access')?.children?.length).toBeGreaterThan(3);
    const held = await t.get<MenuNode[]>('/account/getAllMenu', {}, supervisor.token);
    expect(leaves(held.body.content)).toContain(id('account'));
    expect(leaves(held.body.content)).not.toContain(id('project.pool'));
    const staff = await k.session(5, [A]);
    expect((await t.get('/account/getAllMenu', {}, staff.token)).statusCode).toBe(403);
  });
});

describe('getPerMenu and updateUserMenu', () => {
  it('grants a menu that takes effect at once, with an op log row', async () => {
    const staff = await k.session(5, [A]);
    const before = await t.get<number[]>('/account/getPerMenu', { userId: staff.id }, supervisor.token);
    expect(before.body.content).toContain(id('account'));
    expect(before.body.content).not.toContain(id('permission'));
    expect((await t.get('/account/getAllMenu', {}, staff.token)).statusCode).toBe(403);
    const grant = [...before.body.content, id('permission')];
    const res = await t.post<number[]>('/account/updateUserMenu', { userId: staff.id, menuIds: grant }, supervisor.token);
    expect(res.body.msgs).toEqual(['Configuration successful']);
    expect(res.body.content).toContain(id('permission'));
    expect((await t.get('/account/getAllMenu', {}, staff.token)).statusCode).toBe(200);
    const log = await t.lastOpLog();
    expect(log).toMatchObject({ name1: 'permission', name2: 'permission' });
    expect(JSON.stringify(log?.detail)).toContain('"permission"');
    const revoke = await t.post<number[]>('/account/updateUserMenu', { userId: staff.id, menuIds: [id('account')] }, supervisor.token);
    expect(revoke.body.content).toEqual([id('account')]);
    expect((await t.get('/account/getAllMenu', {}, staff.token)).statusCode).toBe(403);
    const session = await t.get<{ menus: MenuNode[] }>('/getSession', {}, staff.token);
    expect(leaves(session.body.content.menus)).toEqual([id('account')]);
  });

  it('refuses menus the caller does not hold, unknown ids, and accounts out of scope, changing nothing', async () => {
    const staff = await k.session(5, [A]);
    const before = await t.get<number[]>('/account/getPerMenu', { userId: staff.id }, supervisor.token);
    const pool = await t.post('/account/updateUserMenu', { userId: staff.id, menuIds: [id('project.pool')] }, supervisor.token);
    expect(pool.statusCode).toBe(403);
    expect(pool.body.msgs).toEqual(['You cannot grant a menu you do not hold']);
    const unknown = await t.post('/account/updateUserMenu', { userId: staff.id, menuIds: [424242] }, supervisor.token);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body.msgs).toEqual(['menus is invalid']);
    const foreign = await k.session(5, [B]);
    const out = await t.post('/account/updateUserMenu', { userId: foreign.id, menuIds: [id('account')] }, supervisor.token);
    expect(out.statusCode).toBe(403);
    expect((await t.get('/account/getPerMenu', { userId: foreign.id }, supervisor.token)).statusCode).toBe(403);
    const after = await t.get<number[]>('/account/getPerMenu', { userId: staff.id }, supervisor.token);
    expect(after.body.content).toEqual(before.body.content);
  });

  it('keeps grants the caller cannot see, and refuses to edit an administrator', async () => {
    const staff = await k.session(5, [A]);
    await t.db
      .insertInto('account_menu')
      .values({ account_id: staff.id, menu_id: id('project.pool') })
      .execute();
    const res = await t.post<number[]>('/account/updateUserMenu', { userId: staff.id, menuIds: '' }, supervisor.token);
    expect(res.body.content).toEqual([id('project.pool')]);
    const other = await k.session(1);
    const adm = await t.post('/account/updateUserMenu', { userId: other.id, menuIds: [id('account')] }, admin.token);
    expect(adm.body.msgs).toEqual(['Administrators hold every menu']);
  });
});

describe('menu grants fit the role', () => {
  it('offers menus to exactly the roles the permission screen lists (up to 5, and 10) besides administrators', () => {
    const withMenus = ALL_ROLES.filter((r) => GRANTABLE_MENUS[r].length && !isSystemAdmin(r));
    expect(withMenus).toEqual(PERMISSION_FILTER_ROLES.filter((r) => !isSystemAdmin(r)));
  });

  it('refuses staff menus to a householder in scope, changing nothing', async () => {
    const householder = await k.session(7, [A]);
    const res = await t.post(
      '/account/updateUserMenu',
      { userId: householder.id, menuIds: [id('account'), id('permission')] },
      supervisor.token,
    );
    expect([res.statusCode, res.body.msgs]).toEqual([400, ['Accounts of this role have no menu permissions']]);
    const grants = await t.db.selectFrom('account_menu').select('menu_id').where('account_id', '=', householder.id).execute();
    expect(grants).toEqual([]);
    expect((await t.get('/account/searchAccounts', {}, householder.token)).statusCode).toBe(403);
  });

  it("refuses a menu outside an enterprise user's set, naming it, and grants one inside", async () => {
    const company = await t.createCommunity('Perm Ltd', 1);
    const boss = await k.session(10, [company]);
    const bad = await t.post('/account/updateUserMenu', { userId: boss.id, menuIds: [id('account'), id('permission')] }, admin.token);
    expect([bad.statusCode, bad.body.msgs]).toEqual([
      400,
      ['The menu "Permission management" cannot be granted to the role Cloud user (enterprise)'],
    ]);
    const ok = await t.post<number[]>(
      '/account/updateUserMenu',
      { userId: boss.id, menuIds: [id('account'), id('appcount')] },
      admin.token,
    );
    expect(ok.body.content).toEqual([id('account'), id('appcount')].sort((a, b) => a - b));
  });
});
