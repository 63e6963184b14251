import ExcelJS from 'exceljs';
import type { CommandRow, DeviceRow, DeviceSecret, PoolRow } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSerial } from '../../test/devices.ts';
import { testApp, type TestApp } from '../../test/harness.ts';

/** Issue 33: each pool unit has a kind; a Hikvision terminal's password is stored sealed and never answered. */
let t: TestApp;
let admin: string;
let community: number;
const PASSWORD = 'Hik-Secret-9931';
beforeAll(async () => {
  t = await testApp();
  ({ token: admin } = await t.signIn({ roleId: 1 }));
  community = await t.createCommunity();
});
afterAll(async () => t.close());

type Page<T> = { rows: T[]; total: number };
const base = (over: Record<string, unknown> = {}) => ({ name: 'Gate', regNo: newSerial('K'), isVilla: 0, cardSupported: 4, ...over });
const hik = (over: Record<string, unknown> = {}) =>
  base({ unitKind: 'hik-isapi', vendorHost: '192.168.1.64', vendorUser: 'admin', vendorPassword: PASSWORD, ...over });

describe('unit kinds in the device pool', () => {
  it('adds a unit of each kind, defaulting to gatehouse-mqtt, with the hik-isapi rules of the form', async () => {
    const mqtt = await t.post<PoolRow>('/pool/addPool', base(), admin);
    expect(mqtt.body.content).toMatchObject({ unitKind: 'gatehouse-mqtt', vendorHost: null, hasPassword: false });
    const zk = await t.post<PoolRow>('/pool/addPool', base({ unitKind: 'zk-push' }), admin);
    expect(zk.body.content).toMatchObject({ unitKind: 'zk-push', vendorHost: null, hasPassword: false });

    const missing = await t.post('/pool/addPool', base({ unitKind: 'hik-isapi' }), admin);
    expect(missing.statusCode).toBe(400);
    expect(missing.body.msgs).toEqual(
      expect.arrayContaining(['Please enter terminal address', 'Please enter terminal user', 'Please enter terminal password']),
    );
    for (const bad of [{ vendorHost: 'not a host!' }, { vendorHost: '300.1.1.1' }, { vendorPort: 0 }, { vendorPort: 65536 }]) {
      const res = await t.post('/pool/addPool', hik(bad), admin);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await t.post('/pool/addPool', base({ unitKind: 'acme' }), admin)).body.msgs).toEqual(['unit kind is invalid']);

    const added = await t.post<PoolRow>('/pool/addPool', hik(), admin);
    expect(added.body.status).toBe(200);
    expect(added.body.content).toMatchObject({
      unitKind: 'hik-isapi',
      vendorHost: '192.168.1.64',
      vendorPort: 80,
      vendorUser: 'admin',
      hasPassword: true,
    });
    expect(JSON.stringify(added.body)).not.toContain(PASSWORD);
    const stored = await t.db
      .selectFrom('device')
      .select('vendor_secret_box')
      .where('id', '=', added.body.content.id)
      .executeTakeFirstOrThrow();
    expect(stored.vendor_secret_box).toBeTruthy();
    expect(stored.vendor_secret_box).not.toContain(PASSWORD);
    const named = await t.post<PoolRow>('/pool/addPool', hik({ vendorHost: 'door-3.site.example', vendorPort: 8080 }), admin);
    expect(named.body.content).toMatchObject({ vendorHost: 'door-3.site.example', vendorPort: 8080 });
  });

  it('edits a hik-isapi unit keeping its password when none is sent, lists and filters by kind, exports no password', async () => {
    const added = (await t.post<PoolRow>('/pool/addPool', hik({ name: 'KindEdit' }), admin)).body.content;
    const sealed = async () =>
      (await t.db.selectFrom('device').select('vendor_secret_box').where('id', '=', added.id).executeTakeFirstOrThrow()).vendor_secret_box;
    const before = await sealed();
    const edited = await t.post<PoolRow>(
      '/pool/updatePool',
      { id: added.id, name: 'KindEdit', isVilla: 0, unitKind: 'hik-isapi', vendorHost: '10.0.0.9', vendorPort: 81, vendorUser: 'op' },
      admin,
    );
    expect(edited.body.content).toMatchObject({ vendorHost: '10.0.0.9', vendorPort: 81, vendorUser: 'op', hasPassword: true });
    expect(await sealed()).toBe(before);
    await t.post(
      '/pool/updatePool',
      {
        id: added.id,
        name: 'KindEdit',
        isVilla: 0,
        unitKind: 'hik-isapi',
        vendorHost: '10.0.0.9',
        vendorUser: 'op',
        vendorPassword: 'Other-1',
      },
      admin,
    );
    expect(await sealed()).not.toBe(before);

    // A unit turned into a hik-isapi one needs a password.
    const plain = (await t.post<PoolRow>('/pool/addPool', base({ name: 'KindEdit' }), admin)).body.content;
    const noPwd = await t.post(
      '/pool/updatePool',
      { id: plain.id, name: 'KindEdit', isVilla: 0, unitKind: 'hik-isapi', vendorHost: 'h', vendorUser: 'u' },
      admin,
    );
    expect(noPwd.body.msgs).toEqual(['Please enter terminal password']);

    const list = await t.get<Page<PoolRow>>('/pool/getPoolPage', { name: 'KindEdit', unitKind: 'hik-isapi' }, admin);
    expect(list.body.content.rows.map((r) => r.id)).toEqual([added.id]);
    const all = await t.get<Page<PoolRow>>('/pool/getPoolPage', { name: 'KindEdit' }, admin);
    expect(all.body.content.total).toBe(2);
    expect(JSON.stringify(all.body)).not.toMatch(/Hik-Secret|Other-1/);

    const exp = await t.app.inject({ url: '/api/pool/exportPool?name=KindEdit', headers: { token: admin, 'x-lang': 'english' } });
    expect(exp.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exp.rawPayload as unknown as ArrayBuffer);
    const cells = JSON.stringify(wb.worksheets[0]?.getSheetValues());
    expect(cells).toContain('Hikvision ISAPI');
    expect(cells).toContain('Gatehouse MQTT');
    expect(cells).toContain('10.0.0.9');
    expect(cells).not.toMatch(/Hik-Secret|Other-1/);
    // Nor the op log.
    const logs = await t.db.selectFrom('op_log').selectAll().execute();
    expect(JSON.stringify(logs)).not.toMatch(/Hik-Secret|Other-1/);
  });

  it('binds a vendor unit without a broker secret, shows and filters its kind in the device and command lists, and keeps its kind once bound', async () => {
    const p = (await t.post<PoolRow>('/pool/addPool', hik({ name: 'KindBound' }), admin)).body.content;
    const bound = await t.post<DeviceSecret>(
      '/device/insertDevice',
      { addressName: `Gate ${p.regNo}`, regNo: p.regNo, userPhone: '13912345678', communityID: community },
      admin,
    );
    expect(bound.body.content).toMatchObject({ serial: p.regNo, secret: '', unitKind: 'hik-isapi' });
    const dev = await t.db.selectFrom('device').select(['secret_hash', 'secret_box']).where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(dev).toEqual({ secret_hash: null, secret_box: null });
    const again = await t.post<DeviceSecret>('/device/resetSecret', { addressid: bound.body.content.addressid }, admin);
    if (again.statusCode === 200) expect(again.body.content.secret).toBe('');

    const changed = await t.post('/pool/updatePool', { id: p.id, name: 'KindBound', isVilla: 0, unitKind: 'zk-push' }, admin);
    expect(changed.body.msgs).toEqual([`Device ${p.regNo} is bound to a door unit; its kind cannot change`]);

    const devices = await t.get<Page<DeviceRow>>('/device/getDevicesPage', { addressRegNo: p.regNo, unitKind: 'hik-isapi' }, admin);
    expect(devices.body.content.rows.map((r) => [r.addressRegNo, r.unitKind])).toEqual([[p.regNo, 'hik-isapi']]);
    const none = await t.get<Page<DeviceRow>>('/device/getDevicesPage', { addressRegNo: p.regNo, unitKind: 'gatehouse-mqtt' }, admin);
    expect(none.body.content.total).toBe(0);

    const gateId = bound.body.content.addressid;
    const cmds = await t.get<Page<CommandRow>>('/command/getCommandsPage', { gateId, unitKind: 'hik-isapi' }, admin);
    expect(cmds.body.content.total).toBeGreaterThan(0);
    expect(new Set(cmds.body.content.rows.map((r) => r.unitKind))).toEqual(new Set(['hik-isapi']));
    const other = await t.get<Page<CommandRow>>('/command/getCommandsPage', { gateId, unitKind: 'zk-push' }, admin);
    expect(other.body.content.total).toBe(0);
  });
});
