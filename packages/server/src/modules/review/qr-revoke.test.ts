import crypto from 'node:crypto';
import {
  ACCESS_RESULT,
  type AccessLogRow,
  CMD_KIND,
  CMD_STATUS,
  type DeviceSecret,
  type GroupRow,
  type MoveOutDone,
  type MoveOutPreview,
  type MoveOutProgress,
  type Page,
  type QrCreated,
} from '@gatehouse/contracts';
import { type SimulatedDevice, startSimulatedDevice } from '@gatehouse/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToPool, bindNewDevice, newSerial, statusesOf, until } from '../../test/devices.ts';
import { type TestApp, testApp } from '../../test/harness.ts';
import { addAddress } from '../card/test-kit.ts';

/**
 * Visitor QR codes withdrawn from simulated door units (`qr.revoke`): a move-out revokes a
 * household's still-valid code on its own unit and its group's units, each unit acknowledges
 * and then refuses the code (access event with the reason); a resynced or replaced unit gets
 * the revocation in its full configuration.
 */
describe('visitor QR codes revoked on simulated door units', () => {
  let t: TestApp;
  let token: string;
  let community: number;
  let group: GroupRow;
  const units: DeviceSecret[] = [];
  const sims: SimulatedDevice[] = [];
  const prefix = `ghq${crypto.randomBytes(3).toString('hex')}`;
  /** The units' clock: inside the codes' validity (they run from yesterday to the day after tomorrow). */
  const now = new Date();
  let seq = 0;

  const settled = async () =>
    (await Promise.all(units.map((u) => statusesOf(t, u.addressid))))
      .flat()
      .every((c) => c.status === CMD_STATUS.success || c.status === CMD_STATUS.cancelled);
  const post = async <T>(url: string, body: Record<string, unknown>) => {
    const res = await t.post<T>(url, body, token);
    if (res.body.status !== 200) throw new Error(`${url}: ${res.body.msgs.join('; ')}`);
    return res.body.content;
  };
  const day = (offset: number) => {
    const d = new Date(now.getTime() + offset * 86_400_000);
    return `${d.getFullYear()}/${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')} 00:00:00`;
  };
  const start = async (u: DeviceSecret) => {
    const s = await startSimulatedDevice({ url: t.services.devices.url as string, prefix, serial: u.serial, secret: u.secret });
    s.setClock(now);
    return s;
  };
  /** A household whose resident made a visitor QR code for unit A and the group (unit B). */
  const householdWithCode = async (extra: Record<string, unknown> = {}) => {
    seq += 1;
    const home = await addAddress(t, community, `Q ${seq}01`);
    const phone = `1380000${String(3000 + seq)}`;
    await t.createAccount({ roleId: 7, regNo: phone, communityId: community, addressId: home });
    const [a] = units as [DeviceSecret];
    const code = await post<QrCreated>('/qrcode/createQrcode', {
      addressRegNo: a.serial,
      numOpen: 5,
      validfrom: day(-1),
      validto: day(2),
      groupIds: group.id,
      ...extra,
    });
    // made by the resident (the create route names the caller)
    await t.db.updateTable('visitor_qrcode').set({ user_regno: phone }).where('id', '=', code.id).execute();
    return { home, phone, code };
  };

  beforeAll(async () => {
    t = await testApp({ mqtt: true, config: { MQTT_TOPIC_PREFIX: prefix } });
    ({ token } = await t.signIn({ roleId: 1 }));
    community = await t.createCommunity('Revoke Court');
    for (let i = 0; i < 2; i++) {
      const u = await bindNewDevice(t, token, community);
      units.push(u);
      sims.push(await start(u));
    }
    await until(settled, 30_000, 'initial configuration acked');
    const [, b] = units as [DeviceSecret, DeviceSecret];
    group = await post<GroupRow>('/rules/saveGroup', { communityId: community, name: 'Visitors', scheduleId: 0, units: [b.addressid] });
    await until(settled, 30_000, 'group table acked');
    await until(() => sims[1]?.state.groups.some((g) => g.id === group.id) ?? false, 30_000, 'group table on unit B');
  });
  afterAll(async () => {
    for (const s of sims) await s.stop();
    await t.close();
  });

  it('a move-out revokes the code on its unit and its group unit; each acknowledges and refuses it, shown in the access log', async () => {
    const [a, b] = units as [DeviceSecret, DeviceSecret];
    const [sa, sb] = sims as [SimulatedDevice, SimulatedDevice];
    const { home, code } = await householdWithCode();
    expect(await sa.scanQr(code.payload)).toMatchObject({ ok: true });
    expect(await sb.scanQr(code.payload)).toMatchObject({ ok: true });

    const preview = (await t.get<MoveOutPreview>('/review/previewMoveOut', { addressId: home }, token)).body.content;
    expect(preview.commands).toBe(2);
    expect(preview.items).toEqual([
      expect.objectContaining({ kind: 'qrcode', id: code.id, units: [`Gate ${a.serial}`, `Gate ${b.serial}`] }),
    ]);
    const signed = await t.db.selectFrom('visitor_qrcode').select('validto').where('id', '=', code.id).executeTakeFirstOrThrow();

    const done = await post<MoveOutDone>('/review/moveOut', { addressId: home, reason: 'Left' });
    expect(done).toMatchObject({ items: 1, commands: 2 });
    const row = await t.db
      .selectFrom('visitor_qrcode')
      .select(['validto', 'revoked_until'])
      .where('id', '=', code.id)
      .executeTakeFirstOrThrow();
    expect(row.revoked_until?.getTime()).toBe(signed.validto.getTime());
    expect(row.validto.getTime()).toBeLessThanOrEqual(Date.now());
    const cmds = await t.db
      .selectFrom('moveout_command as mc')
      .innerJoin('command as c', 'c.id', 'mc.command_id')
      .select(['c.kind', 'c.object_key', 'c.payload', 'c.address_id'])
      .where('mc.moveout_id', '=', done.id)
      .orderBy('c.address_id')
      .execute();
    const until_ = Math.floor(signed.validto.getTime() / 1000);
    expect(cmds.map((c) => [c.kind, c.object_key, c.address_id])).toEqual([
      [CMD_KIND.qrRevoke, `qr:${code.id}`, a.addressid],
      [CMD_KIND.qrRevoke, `qr:${code.id}`, b.addressid],
    ]);
    expect(cmds.map((c) => (typeof c.payload === 'string' ? JSON.parse(c.payload) : c.payload))).toEqual([
      { id: code.id, until: until_ },
      { id: code.id, until: until_ },
    ]);

    let last: MoveOutProgress | undefined;
    await until(
      async () => {
        last = (await t.get<MoveOutProgress>('/review/getMoveOutProgress', { id: done.id }, token)).body.content;
        return last.done;
      },
      30_000,
      'both units acknowledged the revocation',
    );
    expect(last).toMatchObject({ total: 2, acked: 2, failed: 0 });
    for (const s of [sa, sb]) {
      expect(s.state.qrRevoked.get(code.id)).toBe(until_);
      expect(await s.scanQr(code.payload)).toMatchObject({ ok: false, result: ACCESS_RESULT.disabled, reason: 'revoked', qrId: code.id });
    }
    // the refusals reach the access log with their reason
    await until(
      async () =>
        (await t.db.selectFrom('access_event').select('id').where('qr_id', '=', code.id).where('refusal', '=', 'revoked').execute())
          .length === 2,
      30_000,
      'refusals stored',
    );
    const events = await t.db
      .selectFrom('access_event')
      .select(['result', 'type', 'refusal', 'address_id'])
      .where('qr_id', '=', code.id)
      .where('refusal', '=', 'revoked')
      .orderBy('address_id')
      .execute();
    expect(events.map((e) => [e.address_id, e.type, e.result])).toEqual([
      [a.addressid, 4, ACCESS_RESULT.disabled],
      [b.addressid, 4, ACCESS_RESULT.disabled],
    ]);
    const log = (await t.get<Page<AccessLogRow>>('/eventlog/getAccessLogPage', { page: 0, rows: 50 }, token)).body.content;
    const shown = log.rows.filter((r) => r.reason === 'revoked');
    expect(shown.map((r) => [r.addressName, r.result])).toHaveLength(2);
    expect(shown.map((r) => [r.addressName, r.result])).toEqual(
      expect.arrayContaining([
        [`Gate ${a.serial}`, ACCESS_RESULT.disabled],
        [`Gate ${b.serial}`, ACCESS_RESULT.disabled],
      ]),
    );
    // nothing left to move out: the code no longer counts as valid
    expect((await t.post('/review/moveOut', { addressId: home }, token)).statusCode).toBe(400);
  });

  it('a code for its groups only is revoked on the group units alone, and on a unit joining the group later; an expired revocation is not sent again', async () => {
    const b = units[1] as DeviceSecret;
    const { home, code } = await householdWithCode({ groupsOnly: 1 });
    expect(await sims[1]?.scanQr(code.payload)).toMatchObject({ ok: true });
    const done = await post<MoveOutDone>('/review/moveOut', { addressId: home });
    expect(done.commands).toBe(1);
    await until(
      async () => (await t.get<MoveOutProgress>('/review/getMoveOutProgress', { id: done.id }, token)).body.content.done,
      30_000,
      'group unit acknowledged',
    );
    expect(await sims[1]?.scanQr(code.payload)).toMatchObject({ ok: false, reason: 'revoked' });
    expect(sims[0]?.state.qrRevoked.has(code.id)).toBe(false);
    // unit A joins the group later: it gets the revocation with its group table and refuses the code
    const a = units[0] as DeviceSecret;
    expect(await sims[0]?.scanQr(code.payload)).toMatchObject({ ok: false, result: ACCESS_RESULT.wrongDevice });
    await post('/rules/saveGroup', {
      id: group.id,
      communityId: community,
      name: 'Visitors',
      scheduleId: 0,
      units: [a.addressid, b.addressid],
    });
    await until(settled, 30_000, 'group change acked');
    expect(sims[0]?.state.groups.map((g) => g.id)).toContain(group.id);
    expect(sims[0]?.state.qrRevoked.has(code.id)).toBe(true);
    expect(await sims[0]?.scanQr(code.payload)).toMatchObject({ ok: false, result: ACCESS_RESULT.disabled, reason: 'revoked' });
    // once past its signed expiry the revocation leaves the units' configuration
    await t.db
      .updateTable('visitor_qrcode')
      .set({ revoked_until: new Date(Date.now() - 1000) })
      .where('id', '=', code.id)
      .execute();
    const before = Math.max(...(await statusesOf(t, b.addressid)).map((c) => c.id));
    await post('/device/resync', { addressid: b.addressid });
    await until(settled, 30_000, 'resync acked');
    const resent = await t.db
      .selectFrom('command')
      .select(['payload'])
      .where('address_id', '=', b.addressid)
      .where('kind', '=', CMD_KIND.qrRevoke)
      .where('id', '>', before)
      .execute();
    const ids = resent.map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload).id);
    expect(ids).not.toContain(code.id);
  });

  it('a resynced unit and a replacement unit get the revocation in their full configuration and refuse the code', async () => {
    const a = units[0] as DeviceSecret;
    const { home, code } = await householdWithCode();
    const done = await post<MoveOutDone>('/review/moveOut', { addressId: home });
    await until(
      async () => (await t.get<MoveOutProgress>('/review/getMoveOutProgress', { id: done.id }, token)).body.content.done,
      30_000,
      'revocations acknowledged',
    );
    // resync: the reset keeps the revocation and the full configuration sends it again
    const before = Math.max(...(await statusesOf(t, a.addressid)).map((c) => c.id));
    await post('/device/resync', { addressid: a.addressid });
    await until(settled, 30_000, 'resync acked');
    const again = (await statusesOf(t, a.addressid)).filter((c) => c.id > before);
    expect(again.filter((c) => c.kind === CMD_KIND.qrRevoke && c.status === CMD_STATUS.success).length).toBeGreaterThanOrEqual(1);
    expect(await sims[0]?.scanQr(code.payload)).toMatchObject({ ok: false, result: ACCESS_RESULT.disabled, reason: 'revoked' });

    // replacement: a new device on unit B (the code works there through its group; its own unit's
    // serial changes with a replacement), which has never seen the revocation, gets it and refuses the code
    const b = units[1] as DeviceSecret;
    const next = newSerial('Q');
    await addToPool(t, token, next);
    const replaced = await post<DeviceSecret>('/device/changeSerial', { devicenumber: b.serial, newdevicenumber: next });
    await sims[1]?.stop();
    units[1] = replaced;
    const fresh = await start(replaced);
    sims[1] = fresh;
    await until(settled, 30_000, 'replacement configured');
    expect(fresh.state.qrRevoked.has(code.id)).toBe(true);
    expect(await fresh.scanQr(code.payload)).toMatchObject({ ok: false, result: ACCESS_RESULT.disabled, reason: 'revoked' });
    // a code nobody revoked still opens on the new device
    const other = await householdWithCode();
    expect(await fresh.scanQr(other.code.payload)).toMatchObject({ ok: true });
  });
});
