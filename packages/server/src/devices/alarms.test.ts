import crypto from 'node:crypto';
import type { AlarmRow } from '@gatehouse/contracts';
import { type SimulatedDevice, startSimulatedDevice } from '@gatehouse/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test/harness.ts';
import { bindNewDevice, until } from '../test/devices.ts';

/** Alarms over MQTT: what a unit raises, and offline/online from its status messages. */
describe('alarms from door units', () => {
  let t: TestApp;
  let token: string;
  let community: number;
  let sim: SimulatedDevice;
  let serial: string;
  const prefix = `gha${crypto.randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    t = await testApp({ mqtt: true, config: { MQTT_TOPIC_PREFIX: prefix } });
    ({ token } = await t.signIn({ roleId: 1 }));
    community = await t.createCommunity();
    const d = await bindNewDevice(t, token, community);
    serial = d.serial;
    sim = await startSimulatedDevice({ url: t.services.devices.url as string, prefix, serial: d.serial, secret: d.secret });
  });
  afterAll(async () => {
    await sim.stop();
    await t.close();
  });

  const alarms = async (q: Record<string, unknown> = {}) =>
    (await t.get<{ rows: AlarmRow[]; total: number }>('/alarm/getAlarmPage', { deviceName: serial, ...q }, token)).body.content.rows;

  it('lists an alarm the unit raises, once even when the unit sends it again', async () => {
    const e = await sim.raiseAlarm('forced');
    await sim.emit(e);
    await sim.raiseAlarm('duress');
    await until(async () => (await alarms()).length === 2, 10_000, 'alarms listed');
    const rows = await alarms({ order: 'asc' });
    expect(rows.map((r) => r.kind)).toEqual(['forced', 'duress']);
    expect(rows[0]).toMatchObject({ serial, deviceName: `Gate ${serial}`, acknowledged: false, clearedAt: '' });
  });

  it('drops an alarm of an unknown type', async () => {
    await sim.emit({ kind: 'alarm', eid: 'bad-type', time: new Date().toISOString(), alarmType: 'fire' } as never);
    await sim.raiseAlarm('tamper');
    await until(async () => (await alarms({ kind: 'tamper' })).length === 1, 10_000, 'tamper listed');
    expect((await t.db.selectFrom('alarm').select('id').where('eid', '=', 'bad-type').execute()).length).toBe(0);
  });

  it('opens an offline alarm when the unit goes offline and clears it when it is back', async () => {
    await sim.stop();
    await until(async () => (await alarms({ kind: 'offline' })).length === 1, 10_000, 'offline alarm');
    expect((await alarms({ kind: 'offline' }))[0]?.clearedAt).toBe('');
    await sim.start();
    await until(async () => (await alarms({ kind: 'offline' }))[0]?.clearedAt !== '', 10_000, 'offline alarm cleared');
    expect((await alarms({ kind: 'offline' }))[0]?.clearedAt).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
    // offline again: a new record; the cleared one stays as history
    await sim.stop();
    await until(async () => (await alarms({ kind: 'offline' })).length === 2, 10_000, 'second offline alarm');
    await sim.start();
    await until(async () => (await alarms({ kind: 'offline' })).every((r) => r.clearedAt !== ''), 10_000, 'both cleared');
  });
});
