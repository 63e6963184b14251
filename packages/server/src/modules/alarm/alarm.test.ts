import type { AlarmRow } from '@gatehouse/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doorUnitAddress } from '../../test/addresses.ts';
import { type TestApp, testApp } from '../../test/harness.ts';

let t: TestApp;
let admin: { id: number; token: string };
let manager: { id: number; token: string };
let mine: number;
let other: number;
const regNo = '13912340001';

type Page<R> = { rows: R[]; total: number; estimated?: boolean };

const address = (communityId: number, text: string) => doorUnitAddress(t, communityId, text);

let eid = 0;
const alarm = async (communityId: number, addressId: number, device: string, time: string, kind: string) =>
  Number(
    (
      await t.db
        .insertInto('alarm')
        .values({
          device_id: 1,
          eid: `a${++eid}`,
          serial: 'S1',
          address_id: addressId,
          community_id: communityId,
          device_name: device,
          kind,
          time: new Date(time),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
const ackOf = (id: number) =>
  t.db.selectFrom('alarm').select(['ack_at', 'ack_regno', 'ack_note']).where('id', '=', id).executeTakeFirstOrThrow();

let forced: number;
let tamper: number;
let far: number;

beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn({ roleId: 1 });
  mine = await t.createCommunity('Maple Court');
  other = await t.createCommunity('Oak Yard');
  manager = await t.signIn({ roleId: 4, regNo });
  await t.db.insertInto('account_community').values({ account_id: manager.id, community_id: mine }).execute();
  const gate = await address(mine, 'Gate A');
  const farGate = await address(other, 'Far Gate');
  // times are UTC; the server speaks Asia/Shanghai (UTC+8)
  forced = await alarm(mine, gate, 'GA', '2026-03-01T02:00:00Z', 'forced');
  tamper = await alarm(mine, gate, 'GA', '2026-03-02T03:00:00Z', 'tamper');
  await alarm(mine, gate, 'GA', '2026-03-02T04:00:00Z', 'heldOpen');
  far = await alarm(other, farGate, 'FG', '2026-03-01T05:00:00Z', 'duress');
});
afterAll(async () => t.close());

const list = (q: Record<string, unknown>, token = manager.token) => t.get<Page<AlarmRow>>('/alarm/getAlarmPage', q, token);

describe('alarm records', () => {
  it('answers 401 without a session and 403 without the menu', async () => {
    const householder = await t.signIn({ roleId: 7 });
    for (const url of ['/alarm/getAlarmPage', '/alarm/exportAlarms']) {
      expect((await t.get(url)).statusCode).toBe(401);
      expect((await t.get(url, {}, householder.token)).statusCode).toBe(403);
    }
    expect((await t.post('/alarm/acknowledgeAlarms', { ids: forced })).statusCode).toBe(401);
    expect((await t.post('/alarm/acknowledgeAlarms', { ids: forced }, householder.token)).statusCode).toBe(403);
    expect((await ackOf(forced)).ack_at).toBeNull();
  });

  it('lists the caller’s communities only, newest first, with the event log’s filters', async () => {
    const mineOnly = await list({});
    expect(mineOnly.body.content.total).toBe(3);
    expect(mineOnly.body.content.rows.map((r) => r.kind)).toEqual(['heldOpen', 'tamper', 'forced']);
    expect(mineOnly.body.content.rows[2]).toMatchObject({
      time: '2026/03/01 10:00:00',
      communityName: 'Maple Court',
      addressName: 'Gate A',
      deviceName: 'GA',
      acknowledged: false,
      acknowledgedBy: '',
    });
    expect((await list({}, admin.token)).body.content.total).toBe(4);
    expect((await list({ kind: 'tamper' })).body.content.rows.map((r) => r.id)).toEqual([tamper]);
    expect((await list({ validfrom: '2026/03/02', validto: '2026/03/02', order: 'asc' })).body.content.rows.map((r) => r.kind)).toEqual([
      'tamper',
      'heldOpen',
    ]);
    expect((await list({ communityName: 'oak' }, admin.token)).body.content.rows.map((r) => r.id)).toEqual([far]);
    expect((await list({ addressName: 'far', deviceName: 'F' }, admin.token)).body.content.total).toBe(1);
    expect((await list({ communityName: 'oak' })).body.content.total).toBe(0);
    expect((await list({ rows: 1, page: 1 })).body.content).toMatchObject({ total: 3, rows: [{ kind: 'tamper' }] });
  });

  it('refuses bad filters with one message per broken rule', async () => {
    const res = await list({ kind: 'fire', acknowledged: '2', validfrom: 'soon' });
    expect(res.statusCode).toBe(400);
    expect(res.body.msgs).toEqual(['alarm type is invalid', 'acknowledgement is invalid', 'start date is invalid']);
    const date = await list({ validto: '2026/13/45' });
    expect(date.statusCode).toBe(400);
    expect(date.body.msgs).toEqual(['end date is invalid']);
  });

  it('refuses an acknowledgement without ids, with a long note, of an unknown or another community’s alarm; nothing changes', async () => {
    const before = await t.db
      .selectFrom('op_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const none = await t.post('/alarm/acknowledgeAlarms', { note: 'x' }, manager.token);
    expect(none.statusCode).toBe(400);
    expect(none.body.msgs).toEqual(['Please choose selection']);
    const long = await t.post('/alarm/acknowledgeAlarms', { ids: forced, note: 'n'.repeat(201) }, manager.token);
    expect(long.statusCode).toBe(400);
    expect(long.body.msgs).toEqual(['note cannot exceed 200 characters']);
    expect((await t.post('/alarm/acknowledgeAlarms', { ids: [forced, 999_999] }, manager.token)).statusCode).toBe(404);
    const scope = await t.post('/alarm/acknowledgeAlarms', { ids: [forced, far] }, manager.token);
    expect(scope.statusCode).toBe(403);
    expect((await ackOf(forced)).ack_at).toBeNull();
    expect((await ackOf(far)).ack_at).toBeNull();
    const after = await t.db
      .selectFrom('op_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('acknowledges with who, when and the note, writes the op log, and refuses a second acknowledgement', async () => {
    const res = await t.post<{ acknowledged: number }>(
      '/alarm/acknowledgeAlarms',
      { ids: `${forced},${tamper}`, note: 'Guard checked the door' },
      manager.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.msgs).toEqual(['Acknowledged 2 alarm(s)']);
    expect(res.body.content).toEqual({ acknowledged: 2 });
    const rows = (await list({ acknowledged: '1' })).body.content.rows;
    expect(rows.map((r) => r.id)).toEqual([tamper, forced]);
    expect(rows[0]).toMatchObject({ acknowledged: true, acknowledgedBy: regNo, note: 'Guard checked the door' });
    expect(rows[0]?.acknowledgedAt).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await list({ acknowledged: '0' })).body.content.rows.map((r) => r.kind)).toEqual(['heldOpen']);
    const log = await t.lastOpLog();
    expect(log).toMatchObject({ name1: 'eventlog', name2: 'eventlog.alarm', regno: regNo, community_id: mine });
    expect(log?.content).toContain(`${forced},${tamper}`);

    const again = await t.post('/alarm/acknowledgeAlarms', { ids: tamper, note: 'again' }, manager.token);
    expect(again.statusCode).toBe(409);
    expect(again.body.msgs).toEqual(['An alarm of the selection is already acknowledged; refresh and try again']);
    expect((await ackOf(tamper)).ack_note).toBe('Guard checked the door');
  });

  it('exports the filtered list with localized kinds', async () => {
    const res = await t.app.inject({
      url: '/api/alarm/exportAlarms?acknowledged=1&order=asc',
      headers: { token: manager.token, 'x-lang': 'english' },
    });
    expect(res.statusCode).toBe(200);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('Alarm records.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = (wb.worksheets[0]?.getSheetValues() ?? []).slice(1).map((r) => (Array.isArray(r) ? r.slice(1) : []));
    expect(rows[0]).toEqual([
      'Time',
      'Alarm',
      'Community',
      'Address',
      'Door unit',
      'Back online',
      'Acknowledged by',
      'Acknowledged at',
      'Note',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[6], r[8]])).toEqual([
      ['2026/03/01 10:00:00', 'Door forced open', 'Maple Court', regNo, 'Guard checked the door'],
      ['2026/03/02 11:00:00', 'Tamper', 'Maple Court', regNo, 'Guard checked the door'],
    ]);
    const out = await t.app.inject({ url: '/api/alarm/exportAlarms?communityName=Oak', headers: { token: manager.token } });
    expect(out.statusCode).toBe(200);
    const empty = new ExcelJS.Workbook();
    await empty.xlsx.load(out.rawPayload as unknown as ArrayBuffer);
    expect(empty.worksheets[0]?.rowCount).toBe(1);
  });
});
