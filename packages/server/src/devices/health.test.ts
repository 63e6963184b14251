import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type LiveAlarm, type LiveDevice, type Overview, ROLE } from '@gatehouse/contracts';
import { type SimulatedDevice, startSimulatedDevice } from '@gatehouse/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewDevice, until } from '../test/devices.ts';
import { testApp, type TestApp } from '../test/harness.ts';
import { readStream, type StreamReader } from '../test/sse.ts';

/** Device health: heartbeats are stored; a silent unit raises an "offline" alarm, pushed live, cleared when it returns. */
describe('device health', () => {
  let t: TestApp;
  let admin: string;
  let sim: SimulatedDevice;
  let deviceId: number;
  let community: number;
  let stream: StreamReader;
  const prefix = `ghh${crypto.randomBytes(3).toString('hex')}`;
  const device = () =>
    t.db
      .selectFrom('device')
      .select(['online', 'firmware', 'uptime_s', 'free_storage', 'heartbeat_at'])
      .where('id', '=', deviceId)
      .executeTakeFirstOrThrow();
  const openOffline = () =>
    t.db
      .selectFrom('alarm')
      .select(['id', 'cleared_at'])
      .where('device_id', '=', deviceId)
      .where('kind', '=', 'offline')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await testApp({ mqtt: true, config: { MQTT_TOPIC_PREFIX: prefix, DEVICE_SILENT_AFTER_MS: 1500 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    ({ token: admin } = await t.signIn({ roleId: ROLE.admin }));
    community = await t.createCommunity();
    const d = await bindNewDevice(t, admin, community);
    deviceId = (await t.db.selectFrom('device').select('id').where('serial', '=', d.serial).executeTakeFirstOrThrow()).id;
    stream = await readStream(base, admin);
    // Heartbeats only when the test says (one is sent on connect).
    sim = await startSimulatedDevice({
      url: t.services.devices.url as string,
      prefix,
      serial: d.serial,
      secret: d.secret,
      firmware: 'fw-2.1.0',
      heartbeatMs: 0,
    });
  }, 60_000);
  afterAll(async () => {
    stream?.close();
    await sim?.stop();
    await t?.close();
  });

  it('refuses the overview and the alarm count without their menus', async () => {
    const { token } = await t.signIn({ roleId: ROLE.householder });
    expect((await t.get('/live/getOverview', {}, token)).statusCode).toBe(403);
    expect((await t.get('/live/getOpenAlarmCount', {}, token)).statusCode).toBe(403);
    expect((await t.get('/live/getOverview', {})).statusCode).toBe(401);
  });

  it('stores what the heartbeat says and counts the firmware in the overview', async () => {
    await until(async () => (await device()).heartbeat_at !== null, 15_000, 'heartbeat stored');
    const row = await device();
    expect(row).toMatchObject({ online: true, firmware: 'fw-2.1.0' });
    expect(Number(row.free_storage)).toBeGreaterThan(0);
    expect(Number(row.uptime_s)).toBeGreaterThanOrEqual(0);
    const res = await t.get<Overview>('/live/getOverview', {}, admin);
    expect(res.body.status).toBe(200);
    expect(res.body.content.firmware).toContainEqual({ firmware: 'fw-2.1.0', units: 1 });
    expect(res.body.content.communities.find((c) => c.communityId === community)).toMatchObject({ unitsTotal: 1 });
  });

  it('raises an offline alarm for a unit that falls silent, pushes it live and clears it on its next heartbeat', async () => {
    // Connected but silent: no heartbeat, no event.
    await until(async () => (await openOffline()).some((a) => a.cleared_at === null), 20_000, 'offline alarm opened');
    expect((await device()).online).toBe(false);
    await stream.waitFor(
      (m) =>
        m.some(
          (x) => x.event === 'alarm' && (JSON.parse(x.data) as LiveAlarm).deviceId === deviceId && (JSON.parse(x.data) as LiveAlarm).open,
        ),
      15_000,
      'alarm pushed live',
    );
    await stream.waitFor(
      (m) =>
        m.some(
          (x) =>
            x.event === 'device' && !(JSON.parse(x.data) as LiveDevice).online && (JSON.parse(x.data) as LiveDevice).deviceId === deviceId,
        ),
      15_000,
      'offline pushed live',
    );
    const overview = await t.get<Overview>('/live/getOverview', {}, admin);
    expect(overview.body.content.communities.find((c) => c.communityId === community)).toMatchObject({ unitsOnline: 0, openAlarms: 1 });
    expect((await t.get<{ count: number }>('/live/getOpenAlarmCount', {}, admin)).body.content.count).toBe(1);
    // Only one open alarm however long it stays silent.
    expect((await openOffline()).filter((a) => a.cleared_at === null)).toHaveLength(1);

    await sim.heartbeat.beat();
    await until(async () => (await openOffline()).every((a) => a.cleared_at !== null), 15_000, 'offline alarm cleared');
    expect((await device()).online).toBe(true);
    expect((await t.get<{ count: number }>('/live/getOpenAlarmCount', {}, admin)).body.content.count).toBe(0);
    await stream.waitFor(
      (m) =>
        m.some(
          (x) => x.event === 'alarm' && !(JSON.parse(x.data) as LiveAlarm).open && (JSON.parse(x.data) as LiveAlarm).deviceId === deviceId,
        ),
      15_000,
      'cleared pushed live',
    );
  }, 60_000);
});
