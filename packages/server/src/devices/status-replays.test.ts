import crypto from 'node:crypto';
import { type SimulatedDevice, startSimulatedDevice } from '@gatehouse/device-sim';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewDevice, until } from '../test/devices.ts';
import { type TestApp, testApp } from '../test/harness.ts';
import { StatusReplays } from './status-replays.ts';

/**
 * The broker hands a subscriber every unit's retained status when it subscribes (an instance starting:
 * 10,000 of them at once in a city of doors). A copy that says what is stored changes nothing (no
 * write, no news); one that differs (the unit came back while no instance saw it) is applied as a
 * status; a copy overtaken by the unit's own later status is not applied over it.
 */
/** On the embedded broker, and on the broker of MQTT_URL when it is set (Mosquitto: a shared subscription). */
const BROKERS = [
  { name: 'embedded', url: undefined as string | undefined },
  ...(process.env.MQTT_URL ? [{ name: 'external', url: process.env.MQTT_URL }] : []),
];

describe.each(BROKERS)('retained status copies on subscribing ($name broker)', ({ url: brokerUrl }) => {
  let t: TestApp;
  const sims: SimulatedDevice[] = [];
  const serials: string[] = [];
  const prefix = `ghr${crypto.randomBytes(3).toString('hex')}`;
  let deviceNews = 0;

  beforeAll(async () => {
    t = await testApp({ mqtt: true, config: { MQTT_URL: brokerUrl, MQTT_TOPIC_PREFIX: prefix } });
    const { token } = await t.signIn({ roleId: 1 });
    const community = await t.createCommunity();
    const url = t.services.devices.url as string;
    for (let i = 0; i < 3; i++) {
      const d = await bindNewDevice(t, token, community);
      serials.push(d.serial);
      sims.push(await startSimulatedDevice({ url, prefix, serial: d.serial, secret: d.secret }));
    }
    await until(
      async () =>
        (await t.db.selectFrom('device').select('id').where('serial', 'in', serials).where('online', '=', true).execute()).length === 3,
      15_000,
      'units online',
    );
    await t.services.devices.idle();
    t.services.news.on('device', () => deviceNews++);
  }, 60_000);
  afterAll(async () => {
    for (const s of sims) await s.stop();
    await t?.close();
  });

  it('applies only the copies that differ from the stored state', async () => {
    const [a, b] = serials as [string, string, string];
    const old = new Date('2026-01-01T00:00:00Z');
    await t.db.updateTable('device').set({ last_seen_at: old }).where('serial', 'in', serials).execute();
    // What the server missed: unit b is online (its retained copy says so) but stored as offline.
    await t.db.updateTable('device').set({ online: false }).where('serial', '=', b).execute();
    deviceNews = 0;

    // Subscribing again makes the broker hand over the retained copies (retain flag set), as at a start.
    const client = (t.services.devices as unknown as { client: MqttClient }).client;
    const topic = `${brokerUrl ? `$share/${t.services.config.MQTT_SHARED_GROUP}/` : ''}${prefix}/dev/+/status`;
    await client.unsubscribeAsync(topic);
    await client.subscribeAsync(topic, { qos: 1 });
    await until(
      async () => (await t.db.selectFrom('device').select('online').where('serial', '=', b).executeTakeFirstOrThrow()).online,
      10_000,
      'b online again',
    );
    await t.services.devices.idle();

    const rows = await t.db.selectFrom('device').select(['serial', 'online', 'last_seen_at']).where('serial', 'in', serials).execute();
    const of = (s: string) => rows.find((r) => r.serial === s);
    // a and c: the copies say what is stored: not written, not told
    expect(of(a)?.last_seen_at).toEqual(old);
    expect(of(serials[2] as string)?.last_seen_at).toEqual(old);
    // b: applied as a status (online, seen now), told once
    expect(of(b)?.online).toBe(true);
    expect(of(b)?.last_seen_at?.getTime()).toBeGreaterThan(old.getTime());
    expect(deviceNews).toBe(1);
  }, 30_000);

  it('does not apply a copy the unit overtook with a status of its own', async () => {
    const [a, , c] = serials as [string, string, string];
    await t.db.updateTable('device').set({ online: true }).where('serial', '=', a).execute();
    await t.db.updateTable('device').set({ online: false }).where('serial', '=', c).execute();
    const applied: string[] = [];
    const replays = new StatusReplays(
      t.db,
      async (serial) => {
        applied.push(serial);
      },
      (e) => {
        throw e;
      },
    );
    replays.add(c, { online: true }); // differs from what is stored...
    replays.live(c); // ...but the unit's own status came after it
    replays.add(a, { online: false }); // differs, not overtaken: applied
    replays.add('NO-SUCH-UNIT', { online: true }); // no such unit: nothing
    await replays.idle();
    expect(applied).toEqual([a]);
  });
});
