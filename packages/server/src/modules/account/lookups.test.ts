import { type AccountRow, ADDRESS_TYPE, type Country, type DeviceOption, MENUS } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/harness.ts';
import { kit, phone } from './test-kit.ts';

let t: TestApp;
let k: ReturnType<typeof kit>;
let A: number;
let B: number;
let manager: { id: number; token: string };
beforeAll(async () => {
  t = await testApp();
  k = kit(t);
  A = await t.createCommunity('Lookup A');
  B = await t.createCommunity('Lookup B');
  manager = await k.session(4, [A]);
});
afterAll(async () => t.close());

describe('checkUserProperties', () => {
  it('tells whether a phone is free for a role, and validates its input', async () => {
    const regNo = phone();
    await k.account(7, [A], { regNo });
    const taken = await t.get<{ available: boolean }>('/account/checkUserProperties', { regNo, roleID: 7 }, manager.token);
    expect(taken.body.content).toEqual({ available: false });
    expect((await t.get<{ available: boolean }>('/account/checkUserProperties', { regNo, roleID: 5 }, manager.token)).body.content).toEqual(
      { available: true },
    );
    const bad = await t.get('/account/checkUserProperties', { regNo: '12ab', roleID: 7 }, manager.token);
    expect(bad.body.msgs).toEqual(['The phone number format is incorrect']);
    const resident = await k.session(7, [A]);
    expect((await t.get('/account/checkUserProperties', { regNo, roleID: 7 }, resident.token)).statusCode).toBe(403);
  });
});

describe('getEngineers', () => {
  it('answers the engineering staff in normal state as options to an administrator', async () => {
    const admin = await k.session(1);
    const eng = await k.account(3, [], { name: 'Eng One', regNo: '13655550001' });
    await k.account(3, [], { name: 'Eng Off', state: 2 });
    const res = await t.get<{ intValue: number; label: string }[]>('/account/getEngineers', {}, admin.token);
    expect(res.body.content).toContainEqual({ intValue: eng, label: 'Eng One (13655550001)' });
    expect(res.body.content.some((o) => o.label.startsWith('Eng Off'))).toBe(false);
  });

  it('refuses every caller but the project dialog roles (2 or lower), a householder and a property supervisor included', async () => {
    await k.account(3, [], { name: 'Eng Hidden', regNo: '13655550002' });
    const householder = await k.session(7, [A]);
    for (const token of [householder.token, manager.token, (await k.session(3, [A])).token]) {
      const res = await t.get('/account/getEngineers', {}, token);
      expect([res.statusCode, JSON.stringify(res.body.content ?? null).includes('13655550002')]).toEqual([403, false]);
    }
  });

  it('shows an engineering supervisor the phones of its engineers and masks those of fellow supervisors', async () => {
    const me = await k.session(2, [], { name: 'Sup Me', regNo: '13655550003' });
    const eng = await k.account(3, [], { name: 'Eng Two', regNo: '13655550004' });
    const peer = await k.account(2, [], { name: 'Sup Peer', regNo: '13655550005' });
    const res = await t.get<{ intValue: number; label: string }[]>('/account/getEngineers', {}, me.token);
    expect(res.statusCode).toBe(200);
    expect(res.body.content).toContainEqual({ intValue: eng, label: 'Eng Two (13655550004)' });
    expect(res.body.content).toContainEqual({ intValue: me.id, label: 'Sup Me (13655550003)' });
    expect(res.body.content).toContainEqual({ intValue: peer, label: 'Sup Peer (136****0005)' });
  });
});

describe('getCountries', () => {
  it('answers a real country list with Chinese and English names and dial codes', async () => {
    const res = await t.get<Country[]>('/account/getCountries', {}, manager.token);
    const list = res.body.content;
    expect(list.length).toBeGreaterThan(200);
    expect(list[0]).toEqual({ code: 'CN', zh: '中国', en: 'China', tel: '86' });
    expect(list.find((c) => c.code === 'IL')?.tel).toBe('972');
    expect(list.find((c) => c.code === 'US')?.tel).toBe('1');
    expect(list.find((c) => c.code === 'GB')?.zh).toBe('英国');
  });
});

describe('searchAccountsByResidentId', () => {
  it('lists the accounts of an address in scope; another community answers 403', async () => {
    const ad = await k.address(A, 'A-2-202');
    await k.account(7, [A], { addressId: ad, name: 'Lives here' });
    const res = await t.get<AccountRow[]>('/account/searchAccountsByResidentId', { addressId: ad }, manager.token);
    expect(res.body.content.map((r) => r.name)).toEqual(['Lives here']);
    const other = await k.address(B, 'B-2-202');
    const out = await t.get('/account/searchAccountsByResidentId', { addressId: other }, manager.token);
    expect(out.statusCode).toBe(403);
    expect((await t.get('/account/searchAccountsByResidentId', {}, manager.token)).body.msgs).toEqual(['Please choose address']);
  });

  it('serves the card and face dialogs: a user with only a card or face menu reads them too', async () => {
    const ad = await k.address(A, 'A-3-303');
    await k.account(7, [A], { addressId: ad, name: 'Card holder' });
    const staff = await k.session(4, [A]);
    const keep = MENUS.filter((m) => m.key === 'access.faceid' || m.key === 'access').map((m) => m.id);
    await t.db.deleteFrom('account_menu').where('account_id', '=', staff.id).where('menu_id', 'not in', keep).execute();
    const res = await t.get<AccountRow[]>('/account/searchAccountsByResidentId', { addressId: ad }, staff.token);
    expect([res.statusCode, res.body.content.map((r) => r.name)]).toEqual([200, ['Card holder']]);
    await t.db.deleteFrom('account_menu').where('account_id', '=', staff.id).execute();
    expect((await t.get('/account/searchAccountsByResidentId', { addressId: ad }, staff.token)).statusCode).toBe(403);
  });
});

describe('cloud-user devices', () => {
  it("answers the door units of the user's company, read-only, and nothing of other companies", async () => {
    const company = await t.createCommunity('Devices Ltd', 1);
    const other = await t.createCommunity('Rival Ltd', 1);
    const gate = await k.address(company, 'Main gate', ADDRESS_TYPE.doorUnit);
    await k.address(company, 'Office 1', ADDRESS_TYPE.householder);
    await k.address(other, 'Rival gate', ADDRESS_TYPE.doorUnit);
    const boss = await k.session(10, [company]);
    const own = await t.get<DeviceOption[]>('/account/getClouduserDevices', { userId: boss.id }, boss.token);
    expect(own.body.content).toEqual([{ value: gate, label: 'Main gate' }]);
    const search = await t.get<DeviceOption[]>('/account/getDevicesForClouduser', { deviceName: 'gate' }, boss.token);
    expect(search.body.content.map((d) => d.label)).toEqual(['Main gate']);
    const admin = await k.session(1);
    const viaAdmin = await t.get<DeviceOption[]>('/account/getClouduserDevices', { userId: boss.id }, admin.token);
    expect(viaAdmin.body.content.map((d) => d.value)).toEqual([gate]);
    const detail = await t.get<{ deviceIdList: number[] }>('/account/getUser', { id: boss.id }, admin.token);
    expect(detail.body.content.deviceIdList).toEqual([gate]);
    const rival = await k.session(10, [other]);
    const out = await t.get('/account/getClouduserDevices', { userId: boss.id }, rival.token);
    expect(out.statusCode).toBe(403);
  });
});
