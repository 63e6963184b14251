import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { ImportReport } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCredentialBox } from '../../crypto/key-file.ts';
import { newSerial } from '../../test/devices.ts';
import { testApp, type TestApp } from '../../test/harness.ts';
import { multipartBody } from '../../test/multipart.ts';

/** Issue 33: the pool import takes each unit's kind, and a Hikvision terminal's address, user and (sealed) password. */
let t: TestApp;
let admin: string;
let adminZh: string;
const PASSWORD = 'Imp-Hik-Secret-4417';
beforeAll(async () => {
  t = await testApp();
  ({ token: admin } = await t.signIn({ roleId: 1 }));
  ({ token: adminZh } = await t.signIn({ roleId: 1 }, 'zh-CN'));
});
afterAll(async () => t.close());

async function sheetRows(data: Buffer | ArrayBuffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]?.eachRow((r) => {
    rows.push(((r.values ?? []) as unknown[]).slice(1).map((v) => String(v ?? '')));
  });
  return rows;
}

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('s');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function importPool(rows: (string | number)[][], token = admin) {
  const body = multipartBody({}, [{ field: 'file', name: 'pool.xlsx', data: await xlsx(rows) }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/pool/importPool',
    payload: body.payload,
    headers: { token, 'content-type': body.contentType },
  });
  return { statusCode: res.statusCode, body: res.json() as { status: number; msgs: string[]; content: ImportReport } };
}

describe('pool import with unit kinds', () => {
  it('has the kind and terminal columns in the template, in each language', async () => {
    const tpl = await t.app.inject({ url: '/api/pool/poolTemplate', headers: { token: admin, 'x-lang': 'english' } });
    const [header, ...examples] = await sheetRows(tpl.rawPayload);
    expect(header?.slice(8)).toEqual(['Kind', 'Address', 'Port', 'User', 'Terminal password']);
    expect(examples.map((r) => r[8])).toEqual(['Gatehouse MQTT', 'Hikvision ISAPI', 'ZKTeco PUSH']);
    const zh = await t.app.inject({ url: '/api/pool/poolTemplate', headers: { token: adminZh } });
    expect((await sheetRows(zh.rawPayload))[0]?.slice(8)).toEqual(['设备类型', '设备地址', '端口', '设备用户名', '设备密码']);
  });

  it('refuses a wrong kind and a terminal without its address, user or password, row by row, in the caller language', async () => {
    const tpl = await t.app.inject({ url: '/api/pool/poolTemplate', headers: { token: admin, 'x-lang': 'english' } });
    const header = (await sheetRows(tpl.rawPayload))[0] ?? [];
    const flags = ['No', 'No', 'No', 'Yes', 'No', ''];
    const [s1, s2, s3] = [newSerial('KI'), newSerial('KI'), newSerial('KI')];
    const bad = await importPool([
      header,
      ['Bad 1', s1, ...flags, 'acme', '', '', '', ''],
      ['Bad 2', s2, ...flags, 'hik-isapi', '', 80, '', ''],
      ['Bad 3', s3, ...flags, 'Hikvision ISAPI', '10.0.0.300', 70000, 'admin', PASSWORD],
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.body.content.errors).toEqual([
      { row: 2, column: 'Kind', message: 'unit kind is invalid' },
      { row: 3, column: 'Address', message: 'Please enter terminal address' },
      { row: 3, column: 'User', message: 'Please enter terminal user' },
      { row: 3, column: 'Terminal password', message: 'Please enter terminal password' },
      { row: 4, column: 'Address', message: 'terminal address is invalid' },
      { row: 4, column: 'Port', message: 'port is invalid' },
    ]);
    expect(JSON.stringify(bad.body)).not.toContain(PASSWORD);
    expect(await t.db.selectFrom('device').select('id').where('serial', 'in', [s1, s2, s3]).execute()).toEqual([]);

    const zh = await importPool([header, ['Bad 1', s1, ...flags, 'acme', '', '', '', '']], adminZh);
    expect(zh.body.content.errors[0]?.message).toBe('设备类型格式不正确');
  });

  it('imports a unit of each kind, by code or by name in any language; seals the password and keeps it out of the kept file and logs', async () => {
    const tpl = await t.app.inject({ url: '/api/pool/poolTemplate', headers: { token: admin, 'x-lang': 'english' } });
    const header = (await sheetRows(tpl.rawPayload))[0] ?? [];
    const flags = ['No', 'Yes', 'No', 'Yes', 'No', ''];
    const [m, h, z, z2] = [newSerial('KM'), newSerial('KH'), newSerial('KZ'), newSerial('KZ')];
    const ok = await importPool([
      header,
      ['Imp M', m, ...flags, '', '', '', '', ''],
      ['Imp H', h, ...flags, '海康威视 ISAPI', '192.168.7.64', 8000, 'admin', PASSWORD],
      ['Imp Z', z, ...flags, 'zk-push', '', '', '', ''],
      ['Imp Z2', z2, ...flags, 'zkteco push', '', '', '', ''],
    ]);
    expect(ok.body).toMatchObject({ status: 200, msgs: ['Import succeeded'], content: { imported: 4 } });
    expect(JSON.stringify(ok.body)).not.toContain(PASSWORD);
    const rows = await t.db
      .selectFrom('device')
      .select(['serial', 'unit_kind', 'vendor_host', 'vendor_port', 'vendor_user', 'vendor_secret_box'])
      .where('serial', 'in', [m, h, z, z2])
      .execute();
    const bySerial = new Map(rows.map((r) => [r.serial, r]));
    expect(bySerial.get(m)).toMatchObject({ unit_kind: 'gatehouse-mqtt', vendor_host: null, vendor_secret_box: null });
    expect(bySerial.get(z)).toMatchObject({ unit_kind: 'zk-push', vendor_host: null });
    expect(bySerial.get(z2)).toMatchObject({ unit_kind: 'zk-push' });
    const hik = bySerial.get(h);
    expect(hik).toMatchObject({ unit_kind: 'hik-isapi', vendor_host: '192.168.7.64', vendor_port: 8000, vendor_user: 'admin' });
    expect(hik?.vendor_secret_box).not.toContain(PASSWORD);
    expect(deviceCredentialBox(t.config).open(hik?.vendor_secret_box ?? '')).toBe(PASSWORD);

    // The import history keeps the source file, with the password cells blank.
    const kept = await t.db
      .selectFrom('message')
      .innerJoin('stored_file', 'stored_file.id', 'message.file_id')
      .select('stored_file.path')
      .where('message.title', '=', 'import.title.pool')
      .orderBy('message.id', 'desc')
      .executeTakeFirstOrThrow();
    const keptRows = await sheetRows(fs.readFileSync(path.join(t.config.dataDir, kept.path)));
    expect(keptRows[0]).toEqual(header);
    expect(keptRows.map((r) => r[1])).toEqual(['Serial number', m, h, z, z2]);
    expect(keptRows[2]?.slice(8, 12)).toEqual(['海康威视 ISAPI', '192.168.7.64', '8000', 'admin']);
    expect(JSON.stringify(keptRows)).not.toContain(PASSWORD);
    const logs = await t.db.selectFrom('op_log').selectAll().execute();
    expect(JSON.stringify(logs)).not.toContain(PASSWORD);
  });
});
