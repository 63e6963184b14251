import crypto from 'node:crypto';
import { CMD_KIND, CMD_STATUS, CMD_TYPE, type DeviceSecret } from '@gatehouse/contracts';
import { type SimulatedDevice, startSimulatedDevice } from '@gatehouse/device-sim';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test/harness.ts';
import { bindNewDevice, statusesOf, until } from '../test/devices.ts';
import { withCommands } from './commands.ts';

/** Every test runs on the embedded broker, and on the broker of MQTT_URL when it is set. */
const BROKERS = [
  { name: 'embedded', url: undefined as string | undefined },
  ...(process.env.MQTT_URL ? [{ name: 'external', url: process.env.MQTT_URL }] : []),
];

describe.each(BROKERS)('devices over MQTT ($name broker)', ({ url }) => {
  let t: TestApp;
  let token: string;
  let community: number;
  const prefix = `ght${crypto.randomBytes(3).toString('hex')}`;
  const sims: SimulatedDevice[] = [];

  beforeAll(async () => {
    t = await testApp({ mqtt: true, config: { MQTT_URL: url, MQTT_TOPIC_PREFIX: prefix } });
    ({ token } = await t.signIn({ roleId: 1 }));
    community = await t.createCommunity();
  });
  afterEach(async () => {
    await Promise.all(sims.splice(0).map((s) => s.stop()));
  });
  afterAll(async () => t.close());

  const brokerUrl = () => t.services.devices.url as string;
  const sim = async (d: DeviceSecret, opts: { failureRate?: number; ackDelayMs?: number } = {}) => {
    const s = await startSimulatedDevice({ url: brokerUrl(), prefix, serial: d.serial, secret: d.secret, ...opts });
    sims.push(s);
    return s;
  };
  const allDone = async (addressId: number) =>
    (await statusesOf(t, addressId)).every((c) => c.status === CMD_STATUS.success || c.status === CMD_STATUS.cancelled);
  const cards = (addressId: number, ids: string[]) =>
    withCommands(t.services, (_trx, q) =>
      q.add(
        addressId,
        ids.map((id) => ({
          type: CMD_TYPE.card,
          kind: CMD_KIND.cardPut,
          objectKey: `card:${id}`,
          payload: { cardId: id, account: '13900000001' },
        })),
      ),
    );

  it('delivers a command and records the ack (status 2); the unit shows online', async () => {
    const d = await bindNewDevice(t, token, community);
    const before = await statusesOf(t, d.addressid);
    // a reset first, then every part of the configuration (call codes join when the address module is loaded)
    expect(before[0]?.kind).toBe(CMD_KIND.reset);
    expect(before.map((c) => c.kind)).toEqual(expect.arrayContaining([CMD_KIND.profile, CMD_KIND.qrKey, CMD_KIND.ladderFile]));
    const s = await sim(d);
    await until(() => allDone(d.addressid), 10_000, 'configuration acked');
    expect(s.state.profile?.serial).toBe(d.serial);
    expect(s.state.qrKey).not.toBeNull();
    const gm = await t.get<{ rows: { addressid: number; online: boolean; pending: number; lastSeen: string | null }[] }>(
      '/gm/searchGmsPage',
      {},
      token,
    );
    const row = gm.body.content.rows.find((r) => r.addressid === d.addressid);
    expect(row).toMatchObject({ online: true, pending: 0 });
    expect(row?.lastSeen).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);

    const res = await t.post('/gm/updateALTFileByAddressId', { id: d.addressid }, token);
    expect(res.body.msgs).toEqual(['Download configuration success']);
    await until(() => allDone(d.addressid), 10_000, 'ladder file acked');
    const last = (await statusesOf(t, d.addressid)).pop();
    expect(last).toMatchObject({ kind: CMD_KIND.ladderFile, status: CMD_STATUS.success });
    // the earlier ladder file was already done: a newer one does not cancel finished commands
    expect((await statusesOf(t, d.addressid)).filter((c) => c.status === CMD_STATUS.cancelled)).toEqual([]);
  });

  it('keeps commands of an offline unit at 1 and delivers the queue in order on reconnect', async () => {
    const d = await bindNewDevice(t, token, community);
    const s = await sim(d);
    await until(() => allDone(d.addressid));
    await s.stop();
    await until(
      async () => !(await t.db.selectFrom('device').select('online').where('serial', '=', d.serial).executeTakeFirstOrThrow()).online,
      5000,
      'offline',
    );
    const offlineCount = s.received.length;
    await cards(d.addressid, ['A1', 'A2', 'A3']);
    await until(async () => (await statusesOf(t, d.addressid)).slice(-3).every((c) => c.status === CMD_STATUS.sent), 5000, 'sent');
    await new Promise((r) => setTimeout(r, 300));
    expect((await statusesOf(t, d.addressid)).slice(-3).map((c) => c.status)).toEqual([1, 1, 1]);
    expect(s.received.length).toBe(offlineCount);

    await s.start();
    await until(() => allDone(d.addressid), 10_000, 'queue acked after reconnect');
    const queued = (await statusesOf(t, d.addressid)).slice(-3).map((c) => c.id);
    const firstSeen = [...new Set(s.received.map((c) => c.id))].filter((id) => queued.includes(id));
    expect(firstSeen).toEqual(queued);
    expect(s.state.applied.slice(-3)).toEqual(queued);
    expect([...s.state.cards.keys()]).toEqual(['A1', 'A2', 'A3']);
  });

  it('records a failure (3) with the device info, shows it, and a resend brings it to 2', async () => {
    const d = await bindNewDevice(t, token, community);
    const s = await sim(d);
    await until(() => allDone(d.addressid));
    s.failureRate = 1;
    await cards(d.addressid, ['F1']);
    await until(async () => (await statusesOf(t, d.addressid)).pop()?.status === CMD_STATUS.failed, 10_000, 'failed');
    const failed = (await statusesOf(t, d.addressid)).pop();
    expect(failed?.info).toBe('simulated failure');
    const list = await t.get<{ rows: { id: number; status: number; info: string }[] }>(
      '/command/getCommandsPage',
      { gateId: d.addressid, status: 3 },
      token,
    );
    expect(list.body.content.rows.map((r) => [r.id, r.info])).toEqual([[failed?.id, 'simulated failure']]);
    const gm = await t.get<{ rows: { addressid: number; failed: number }[] }>('/gm/searchGmsPage', {}, token);
    expect(gm.body.content.rows.find((r) => r.addressid === d.addressid)?.failed).toBe(1);

    s.failureRate = 0;
    const res = await t.post('/command/redownload', { id: failed?.id }, token);
    expect(res.body.msgs).toEqual(['Resent']);
    await until(async () => (await statusesOf(t, d.addressid)).pop()?.status === CMD_STATUS.success, 10_000, 'resent and acked');
    const detail = await t.get<{ label: string; strValue: string }[]>('/command/getDetailByCmdId', { id: failed?.id }, token);
    const pairs = Object.fromEntries(detail.body.content.map((p) => [p.label, p.strValue]));
    expect(pairs.Attempts).toBe('2');
    expect(pairs['Device answer 1']).toContain('Failed simulated failure');
    expect(pairs['Device answer 2']).toContain('OK');
    expect(s.state.cards.has('F1')).toBe(true);
  });

  it('supersedes a pending command for the same object (4) and refuses to resend it', async () => {
    const d = await bindNewDevice(t, token, community);
    await cards(d.addressid, ['S1']);
    // Let the first command's dispatch finish (sent to a unit not yet connected: status 1, unanswered)
    // before the second supersedes it. A publish still under way when the unit connects would reach it,
    // superseded or not: a supersede cannot take back what the broker already holds.
    await t.services.devices.idle();
    await cards(d.addressid, ['S1']);
    await t.services.devices.idle();
    const rows = (await statusesOf(t, d.addressid)).slice(-2);
    expect(rows[0]?.status).toBe(CMD_STATUS.cancelled);
    const res = await t.post('/command/redownload', { id: rows[0]?.id }, token);
    expect(res.statusCode).toBe(400);
    expect(res.body.msgs).toEqual(['This command was superseded by a newer one; resend the newest command instead']);
    const s = await sim(d);
    await until(() => allDone(d.addressid));
    expect(s.received.map((c) => c.id)).not.toContain(rows[0]?.id);
  });

  it('stores access events once, and a QR code opens exactly numOpen times inside its window', async () => {
    const d = await bindNewDevice(t, token, community);
    const s = await sim(d);
    await until(() => allDone(d.addressid));
    const created = await t.post<{ id: number; payload: string; base64Str: string }>(
      '/qrcode/createQrcode',
      { addressRegNo: d.serial, numOpen: 2, validfrom: '2020/01/01 00:00:00', validto: '2099/12/31 23:59:59' },
      token,
    );
    expect(created.body.status).toBe(200);
    expect(Buffer.from(created.body.content.base64Str, 'base64').subarray(1, 4).toString()).toBe('PNG');
    const code = created.body.content.payload;
    // Distinct event times, a second apart: two scans can fall in the same millisecond.
    const t0 = Date.now();
    const at = (i: number) => new Date(t0 + i * 1000);
    expect((await s.scanQr(code, at(0))).ok).toBe(true);
    expect((await s.scanQr(code, at(1))).ok).toBe(true);
    expect(await s.scanQr(code, at(2))).toMatchObject({ ok: false, result: 5 });
    expect(await s.scanQr(code, new Date('2100-01-02T00:00:00Z'))).toMatchObject({ ok: false, result: 2 });
    const forged = code.replace(/\.[^.]+$/, `.${Buffer.alloc(64).toString('base64url')}`);
    expect(await s.scanQr(forged, at(3))).toMatchObject({ ok: false, result: 6 });
    await s.emit(s.sent[0] as (typeof s.sent)[number]);
    await until(
      async () => (await t.db.selectFrom('access_event').select('id').where('address_id', '=', d.addressid).execute()).length === 5,
      5000,
      'events',
    );
    await new Promise((r) => setTimeout(r, 200));
    const events = await t.db
      .selectFrom('access_event')
      .select(['type', 'result', 'qr_id'])
      .where('address_id', '=', d.addressid)
      .orderBy('time')
      .execute();
    expect(events.map((e) => e.result)).toEqual([0, 0, 5, 6, 2]);
    expect(events.filter((e) => Number(e.qr_id) === created.body.content.id)).toHaveLength(4);
  });

  it('marks a unit offline from its last will when the network drops', async () => {
    const d = await bindNewDevice(t, token, community);
    const s = await sim(d);
    const online = async () =>
      (await t.db.selectFrom('device').select('online').where('serial', '=', d.serial).executeTakeFirstOrThrow()).online;
    await until(online, 5000, 'online');
    await s.kill();
    await until(async () => !(await online()), 10_000, 'offline by last will');
  });
});
