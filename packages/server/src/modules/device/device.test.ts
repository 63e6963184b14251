import type { DeviceRow, DeviceSecret, QrCreated, QrDeviceRow } from '@gatehouse/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashDeviceSecret } from '../../devices/secrets.ts';
import { addToPool, bindNewDevice, newSerial, statusesOf } from '../../test/devices.ts';
import { testApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: string;
let companyA: number;
let companyB: number;
let cloud: { id: number; token: string };
beforeAll(async () => {
  t = await testApp();
  ({ token: admin } = await t.signIn({ roleId: 1 }));
  companyA = await t.createCommunity('Alpha Ltd', 1);
  companyB = await t.createCommunity('Beta Ltd', 1);
  await t.db.updateTable('community').set({ reg_no: '13977770001', location: '广东省/深圳市/南山区' }).where('id', '=', companyA).execute();
  cloud = await t.signIn({ roleId: 10, regNo: '13977770001', communityId: companyA });
});
afterAll(async () => t.close());

type Page = { rows: DeviceRow[]; total: number };
const insert = (body: Record<string, unknown>, token = admin) => t.post<DeviceSecret>('/device/insertDevice', body, token);

describe('device list', () => {
  it('answers 401 without a session and 403 without the menu or out of role', async () => {
    expect((await t.get('/device/getDevicesPage')).statusCode).toBe(401);
    expect((await t.post('/device/insertDevice', {})).statusCode).toBe(401);
    const { token: staff } = await t.signIn({ roleId: 5 });
    expect((await t.get('/device/getDevicesPage', {}, staff)).statusCode).toBe(403);
    const { token: engineer } = await t.signIn({ roleId: 3 });
    expect((await t.get('/device/getDevicesPage', {}, engineer)).statusCode).toBe(200);
    expect((await insert({ addressName: 'x', regNo: 'X1', userPhone: '13900000000', communityID: companyA }, engineer)).statusCode).toBe(
      403,
    );
    expect((await t.get('/device/exportDevices', {}, engineer)).statusCode).toBe(403);
  });

  it('refuses a form per broken rule and changes nothing', async () => {
    const before = await t.db.selectFrom('address').select('id').execute();
    const empty = await insert({});
    expect(empty.statusCode).toBe(400);
    expect(empty.body.msgs).toEqual([
      'Please enter short name',
      'Please enter serial number',
      'Please enter phone number',
      'Please choose company',
    ]);
    const bad = await insert({ addressName: 'n'.repeat(51), regNo: 's'.repeat(151), userPhone: '12345678901', communityID: companyA });
    expect(bad.body.msgs).toEqual([
      'short name cannot exceed 50 characters',
      'serial number cannot exceed 150 characters',
      'Please enter a valid phone number',
    ]);
    const notPool = await insert({ addressName: 'Gate', regNo: 'NOPE123', userPhone: '13900000000', communityID: companyA });
    expect(notPool.body.msgs).toEqual(['Serial number NOPE123 is not in the device pool']);
    expect(await t.db.selectFrom('address').select('id').execute()).toHaveLength(before.length);
  });

  it('adds a pool device to a company with a secret (hash stored), lists, filters and edits it', async () => {
    const serial = newSerial('D');
    await addToPool(t, admin, serial);
    const res = await insert({ addressName: 'East gate', regNo: serial, userPhone: '13977770001', communityID: companyA });
    expect(res.body.msgs).toEqual(['Created']);
    const { addressid, secret } = res.body.content;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const stored = await t.db
      .selectFrom('device')
      .select(['secret_hash', 'address_id'])
      .where('serial', '=', serial)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ secret_hash: hashDeviceSecret(secret), address_id: addressid });
    expect((await t.lastOpLog())?.content).toContain(serial);
    expect(JSON.stringify((await t.lastOpLog())?.detail)).not.toContain(secret);

    const again = await insert({ addressName: 'Twice', regNo: serial, userPhone: '13977770001', communityID: companyB });
    expect(again.body.msgs).toEqual([`Device ${serial} is already bound to another door unit`]);

    const page = await t.get<Page>(
      '/device/getDevicesPage',
      { addressRegNo: serial.slice(2), communityName: 'alpha', communityLocation: '南山' },
      admin,
    );
    expect(page.body.content.rows).toHaveLength(1);
    expect(page.body.content.rows[0]).toMatchObject({
      addressid,
      addressName: 'East gate',
      addressRegNo: serial,
      userPhone: '13977770001',
      communityName: 'Alpha Ltd',
      communityID: companyA,
      clouduserId: cloud.id,
      devstate: 1,
      online: false,
      failed: 0,
    });
    expect(page.body.content.rows[0]?.pending).toBe((await statusesOf(t, addressid)).length);
    expect(
      (await t.get<Page>('/device/getDevicesPage', { userPhone: '13900' }, admin)).body.content.rows.map((r) => r.addressRegNo),
    ).not.toContain(serial);

    const moved = await t.post(
      '/device/updateDevice',
      { addressid, addressName: 'East', userPhone: '13977770002', communityID: companyB },
      admin,
    );
    expect(moved.body.msgs).toEqual(['The company of a device cannot be changed; delete it and add it again']);
    const edited = await t.post<DeviceRow>(
      '/device/updateDevice',
      { addressid, addressName: 'East 2', userPhone: '13977770002', communityID: companyA },
      admin,
    );
    expect(edited.body.content).toMatchObject({ addressName: 'East 2', userPhone: '13977770002', clouduserId: null });
    expect((await t.lastOpLog())?.detail).toMatchObject({ before: { addressName: 'East gate' }, after: { addressName: 'East 2' } });
    const profile = await t.db
      .selectFrom('command')
      .select(['kind', 'payload'])
      .where('address_id', '=', addressid)
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(profile.map((p) => p.kind)).toContain('device.profile');
  });

  it('lets an enterprise user (role 10) see and add only in its own company', async () => {
    const mine = await bindNewDevice(t, admin, companyA);
    const theirs = await bindNewDevice(t, admin, companyB);
    const seen = (await t.get<Page>('/device/getDevicesPage', { rows: 200 }, cloud.token)).body.content.rows.map((r) => r.addressid);
    expect(seen).toContain(mine.addressid);
    expect(seen).not.toContain(theirs.addressid);
    expect((await t.get('/device/getDeviceById', { addressid: theirs.addressid }, cloud.token)).statusCode).toBe(403);
    const company = await t.get('/device/getCompanyByRegNo', { regNo: '13977770001' }, cloud.token);
    expect(company.body.content).toEqual({ communityID: companyA, communityName: 'Alpha Ltd' });
    expect((await t.get('/device/getCompanyByRegNo', { regNo: '13900000000' }, cloud.token)).statusCode).toBe(403);
    expect((await t.get('/device/getCompanyByRegNo', { regNo: '13900000000' }, admin)).body.msgs).toEqual([
      'No company has this registration number',
    ]);
    const serial = newSerial('E');
    await addToPool(t, admin, serial);
    const other = await insert({ addressName: 'Side', regNo: serial, userPhone: '13977770001', communityID: companyB }, cloud.token);
    expect(other.statusCode).toBe(403);
    const own = await insert({ addressName: 'Side', regNo: serial, userPhone: '13977770001', communityID: companyA }, cloud.token);
    expect(own.body.status).toBe(200);
    expect((await t.post('/device/delDevices', { ids: theirs.addressid }, cloud.token)).statusCode).toBe(403);
    expect((await t.post('/device/resetSecret', { addressid: theirs.addressid }, cloud.token)).statusCode).toBe(403);
    expect((await t.post('/device/resync', { addressid: theirs.addressid }, cloud.token)).statusCode).toBe(403);
    expect(
      (
        await t.post(
          '/device/updateDevice',
          { addressid: theirs.addressid, addressName: 'x', userPhone: '13977770001', communityID: companyB },
          cloud.token,
        )
      ).statusCode,
    ).toBe(403);
    expect((await t.post('/device/changeSerial', { devicenumber: theirs.serial, newdevicenumber: 'ZZ1' }, cloud.token)).statusCode).toBe(
      403,
    );
    expect((await t.post('/device/resync', { addressid: mine.addressid })).statusCode).toBe(401);
    expect((await t.post('/device/resync', {}, cloud.token)).body.msgs).toEqual(['Please enter id']);
  });

  it('replaces a device: the new one gets a secret, the old one goes back to the pool without one', async () => {
    const d = await bindNewDevice(t, admin, companyA);
    const bad = await t.post('/device/changeSerial', { devicenumber: d.serial }, admin);
    expect(bad.body.msgs).toEqual(['Please enter new serial number']);
    const wrong = await t.post('/device/changeSerial', { devicenumber: 'UNKNOWN', newdevicenumber: 'N1' }, admin);
    expect(wrong.body.msgs).toEqual(['The current serial number does not match']);
    const same = await t.post('/device/changeSerial', { devicenumber: d.serial, newdevicenumber: d.serial }, admin);
    expect(same.body.msgs).toEqual(['The new serial number is the same as the current one']);
    const next = newSerial('R');
    await addToPool(t, admin, next);
    const res = await t.post<DeviceSecret>(
      '/device/changeSerial',
      { devicenumber: d.serial, newdevicenumber: next, clouduserId: cloud.id },
      admin,
    );
    expect(res.body.msgs).toEqual(['Device replaced; the old device can no longer connect']);
    expect(res.body.content).toMatchObject({ addressid: d.addressid, serial: next });
    const old = await t.db
      .selectFrom('device')
      .select(['address_id', 'secret_hash'])
      .where('serial', '=', d.serial)
      .executeTakeFirstOrThrow();
    expect(old).toEqual({ address_id: null, secret_hash: null });
    const addr = await t.db.selectFrom('address').select(['reg_no', 'devstate']).where('id', '=', d.addressid).executeTakeFirstOrThrow();
    expect(addr).toEqual({ reg_no: next, devstate: 1 });
    expect((await t.lastOpLog())?.content).toContain(next);
    const cancelled = await t.db
      .selectFrom('command as c')
      .innerJoin('device as v', 'v.id', 'c.device_id')
      .select('c.status')
      .where('v.serial', '=', d.serial)
      .execute();
    expect(cancelled.every((c) => c.status === 4)).toBe(true);
  });

  it('issues a new secret, resyncs, exports and deletes (the door unit it created goes too)', async () => {
    const d = await bindNewDevice(t, admin, companyA);
    const fresh = await t.post<DeviceSecret>('/device/resetSecret', { addressid: d.addressid }, admin);
    expect(fresh.body.msgs).toEqual(['A new device secret was issued; the old one no longer works']);
    expect(fresh.body.content.secret).not.toBe(d.secret);
    const first = (await statusesOf(t, d.addressid)).length;
    const sync = await t.post<{ queued: number }>('/device/resync', { addressid: d.addressid }, admin);
    expect(sync.body.content.queued).toBe(first);
    expect(sync.body.msgs).toEqual([`The whole configuration was queued again (${first} commands)`]);
    const statuses = (await statusesOf(t, d.addressid)).map((s) => s.status);
    expect(statuses).toEqual([...Array(first).fill(4), ...Array(first).fill(0)]);

    const exp = await t.app.inject({
      url: `/api/device/exportDevices?addressRegNo=${d.serial}`,
      headers: { token: admin, 'x-lang': 'english' },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exp.rawPayload as unknown as ArrayBuffer);
    expect(((book.worksheets[0]?.getRow(2).values ?? []) as string[]).slice(1, 3)).toEqual([`Gate ${d.serial}`, d.serial]);

    const del = await t.post('/device/delDevices', { ids: d.addressid }, admin);
    expect(del.body.msgs).toEqual(['Deleted']);
    expect(await t.db.selectFrom('address').select('id').where('id', '=', d.addressid).executeTakeFirst()).toBeUndefined();
    const back = await t.db
      .selectFrom('device')
      .select(['address_id', 'secret_hash'])
      .where('serial', '=', d.serial)
      .executeTakeFirstOrThrow();
    expect(back).toEqual({ address_id: null, secret_hash: null });
    expect((await t.lastOpLog())?.content).toContain(d.serial);
  });
});

describe('QR-code devices', () => {
  it('lists QR-capable devices in scope and creates a signed code with a record', async () => {
    expect((await t.get('/qrcode/getQrDevicesPage')).statusCode).toBe(401);
    const { token: staff } = await t.signIn({ roleId: 5 });
    expect((await t.get('/qrcode/getQrDevicesPage', {}, staff)).statusCode).toBe(403);
    const mine = await bindNewDevice(t, admin, companyA);
    const theirs = await bindNewDevice(t, admin, companyB);
    const list = await t.get<{ rows: QrDeviceRow[] }>('/qrcode/getQrDevicesPage', { communityName: 'Alpha', rows: 200 }, cloud.token);
    expect(list.body.content.rows.map((r) => r.addressRegNo)).toContain(mine.serial);
    expect(list.body.content.rows.map((r) => r.addressRegNo)).not.toContain(theirs.serial);

    const empty = await t.post('/qrcode/createQrcode', {}, cloud.token);
    expect(empty.body.msgs).toEqual([
      'Please enter serial number',
      'Please enter number of opens',
      'Please enter valid from',
      'Please enter valid to',
    ]);
    const order = await t.post(
      '/qrcode/createQrcode',
      { addressRegNo: mine.serial, numOpen: 0, validfrom: '2030/01/02 00:00:00', validto: '2030/01/01 00:00:00' },
      cloud.token,
    );
    expect(order.body.msgs).toEqual(['The number of opens must be between 1 and 999', 'The effective time must be before the expiry time']);
    const scope = await t.post(
      '/qrcode/createQrcode',
      { addressRegNo: theirs.serial, numOpen: 1, validfrom: '2030/01/01 00:00:00', validto: '2030/01/02 00:00:00' },
      cloud.token,
    );
    expect(scope.statusCode).toBe(403);
    const noQr = newSerial('Q');
    await addToPool(t, admin, noQr, { qrcodeSupported: 0 });
    const bound = await t.post<DeviceSecret>(
      '/device/insertDevice',
      { addressName: 'NoQr', regNo: noQr, userPhone: '13977770001', communityID: companyA },
      admin,
    );
    const refused = await t.post(
      '/qrcode/createQrcode',
      { addressRegNo: noQr, numOpen: 1, validfrom: '2030/01/01 00:00:00', validto: '2030/01/02 00:00:00' },
      cloud.token,
    );
    expect(refused.body.msgs).toEqual(['This device does not support QR codes']);
    expect(bound.body.status).toBe(200);

    const ok = await t.post<QrCreated>(
      '/qrcode/createQrcode',
      { addressRegNo: mine.serial, numOpen: 3, validfrom: '2030-01-01 08:00:00', validto: '2030-01-01 18:00:00' },
      cloud.token,
    );
    expect(ok.body.msgs).toEqual(['QR code created']);
    expect(ok.body.content.payload).toMatch(/^GH1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const body = JSON.parse(Buffer.from(ok.body.content.payload.split('.')[1] as string, 'base64url').toString());
    expect(body).toEqual({
      id: ok.body.content.id,
      d: mine.serial,
      n: 3,
      f: Date.UTC(2030, 0, 1, 0) / 1000,
      t: Date.UTC(2030, 0, 1, 10) / 1000,
    });
    const rec = await t.db.selectFrom('visitor_qrcode').selectAll().where('id', '=', ok.body.content.id).executeTakeFirstOrThrow();
    expect(rec).toMatchObject({ user_regno: '13977770001', num_open: 3, device_name: `Gate ${mine.serial}`, community_id: companyA });
    expect((await t.lastOpLog())?.name2).toBe('access.visitorcode');
  });
});
