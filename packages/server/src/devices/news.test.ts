import crypto from 'node:crypto';
import { ACCESS_TYPE, CMD_STATUS } from '@gatehouse/contracts';
import { type SimulatedDevice, startSimulatedDevice } from '@gatehouse/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test/harness.ts';
import { bindNewDevice, until } from '../test/devices.ts';
import type { AccessNews, AlarmNews, CommandNews, DeviceNews } from './news.ts';

/** What inbound writes is told once to the news listeners, after it is stored. */
describe('device news', () => {
  let t: TestApp;
  let token: string;
  let sim: SimulatedDevice;
  let deviceId: number;
  let community: number;
  const heard = { access: [] as AccessNews[], device: [] as DeviceNews[], command: [] as CommandNews[], alarm: [] as AlarmNews[] };
  const prefix = `ghn${crypto.randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    t = await testApp({ mqtt: true, config: { MQTT_TOPIC_PREFIX: prefix } });
    const news = t.services.news;
    news.on('access', (n) => heard.access.push(...n));
    news.on('device', (n) => heard.device.push(n));
    news.on('command', (n) => heard.command.push(...n));
    news.on('alarm', (n) => heard.alarm.push(...n));
    ({ token } = await t.signIn({ roleId: 1 }));
    community = await t.createCommunity();
    const d = await bindNewDevice(t, token, community);
    deviceId = (await t.db.selectFrom('device').select('id').where('serial', '=', d.serial).executeTakeFirstOrThrow()).id;
    sim = await startSimulatedDevice({ url: t.services.devices.url as string, prefix, serial: d.serial, secret: d.secret });
  });
  afterAll(async () => {
    await sim.stop();
    await t.close();
  });

  it('tells the unit coming online and the answers to its commands', async () => {
    await until(() => heard.device.some((n) => n.deviceId === deviceId && n.online), 10_000, 'online news');
    expect(heard.device.find((n) => n.deviceId === deviceId)).toMatchObject({ communityId: community, online: true });
    // Every command of the unit answered (its first configuration): no answer can arrive while we compare.
    const pending = () =>
      t.db
        .selectFrom('command')
        .select('id')
        .where('device_id', '=', deviceId)
        .where('status', 'in', [CMD_STATUS.notSent, CMD_STATUS.sent])
        .execute();
    await until(async () => (await pending()).length === 0, 20_000, 'commands acked');
    await t.services.devices.idle();
    const acked = await t.db
      .selectFrom('command')
      .select('id')
      .where('device_id', '=', deviceId)
      .where('status', '=', CMD_STATUS.success)
      .execute();
    expect(
      heard.command
        .filter((n) => n.deviceId === deviceId && n.status === CMD_STATUS.success)
        .map((n) => n.id)
        .sort(),
    ).toEqual(acked.map((r) => Number(r.id)).sort());
  });

  it('tells a stored access event once, even when the unit sends it again', async () => {
    const e = {
      kind: 'access' as const,
      eid: crypto.randomUUID(),
      time: new Date().toISOString(),
      type: ACCESS_TYPE.qrcode,
      result: 1,
      qrId: 0,
    };
    await sim.emit(e);
    await sim.emit(e);
    await until(() => heard.access.length > 0, 10_000, 'access news');
    await t.services.devices.idle();
    const row = await t.db.selectFrom('access_event').select('id').where('eid', '=', e.eid).executeTakeFirstOrThrow();
    expect(heard.access.map((n) => n.id)).toEqual([Number(row.id)]);
    expect(heard.access[0]).toMatchObject({ deviceId, communityId: community, type: ACCESS_TYPE.qrcode });
  });

  it('tells alarms raised, and the offline alarm opened and cleared', async () => {
    await sim.raiseAlarm('tamper');
    await until(() => heard.alarm.some((n) => n.kind === 'tamper' && n.open), 10_000, 'tamper news');
    await sim.stop();
    await until(() => heard.alarm.some((n) => n.kind === 'offline' && n.open), 10_000, 'offline news');
    expect(heard.device.at(-1)).toMatchObject({ deviceId, online: false });
    await sim.start();
    await until(() => heard.alarm.some((n) => n.kind === 'offline' && !n.open), 10_000, 'cleared news');
  });
});
