import crypto from 'node:crypto';
import { CMD_KIND, CMD_STATUS, CMD_TYPE, type DeviceSecret, deviceTopic } from '@gatehouse/contracts';
import { type SimulatedDevice, startSimulatedDevice } from '@gatehouse/device-sim';
import { sql } from 'kysely';
import mqtt from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bindNewDevice, statusesOf, until } from '../test/devices.ts';
import { type TestApp, testApp } from '../test/harness.ts';
import { withCommands } from './commands.ts';

const RATE = { DEVICE_EVENTS_PER_S: 20, DEVICE_EVENT_BURST: 50 };

/** A unit that misbehaves (wrong acks, an event flood) changes nothing it should not and slows no other unit. */
describe('bad input from door units (embedded broker)', () => {
  let t: TestApp;
  let token: string;
  let community: number;
  const prefix = `ghb${crypto.randomBytes(3).toString('hex')}`;
  const sims: SimulatedDevice[] = [];
  const raws: mqtt.MqttClient[] = [];

  beforeAll(async () => {
    t = await testApp({ mqtt: true, config: { MQTT_TOPIC_PREFIX: prefix, ...RATE } });
    ({ token } = await t.signIn({ roleId: 1 }));
    community = await t.createCommunity();
  });
  afterEach(async () => {
    await Promise.all(sims.splice(0).map((s) => s.stop()));
    await Promise.all(raws.splice(0).map((c) => c.endAsync(true)));
  });
  afterAll(async () => t.close());

  const url = () => t.services.devices.url as string;
  const sim = async (d: DeviceSecret, redeliverMs?: number) => {
    const s = await startSimulatedDevice({ url: url(), prefix, serial: d.serial, secret: d.secret, redeliverMs });
    sims.push(s);
    return s;
  };
  /** A second connection with the unit's own credentials, publishing whatever a test wants. */
  const raw = async (d: DeviceSecret) => {
    const c = await mqtt.connectAsync(url(), { clientId: `raw-${d.serial}`, username: d.serial, password: d.secret, reconnectPeriod: 0 });
    raws.push(c);
    return c;
  };
  const card = (addressId: number, id: string) =>
    withCommands(t.services, (_trx, q) =>
      q.add(addressId, [
        { type: CMD_TYPE.card, kind: CMD_KIND.cardPut, objectKey: `card:${id}`, payload: { cardId: id, account: '13900000001' } },
      ]),
    );
  const commandRow = (id: number) =>
    t.db
      .selectFrom('command')
      .select(['status', 'info', 'acked_at', 'attempts', sql<number>`jsonb_array_length(answers)`.as('answers')])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const storedOf = async (serial: string) =>
    (
      await t.db
        .selectFrom('access_event as e')
        .innerJoin('device as d', 'd.id', 'e.device_id')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('d.serial', '=', serial)
        .executeTakeFirstOrThrow()
    ).n;
  /** Publishes on the unit's topic, then an event whose storage shows that everything before it was handled. */
  const publishThenMarker = async (c: mqtt.MqttClient, d: DeviceSecret, topic: 'ack', bodies: unknown[]) => {
    for (const b of bodies) await c.publishAsync(deviceTopic(prefix, d.serial, topic), JSON.stringify(b), { qos: 1 });
    const eid = `marker-${crypto.randomUUID()}`;
    const marker = { kind: 'access', eid, time: new Date().toISOString(), type: 1, result: 0 };
    await c.publishAsync(deviceTopic(prefix, d.serial, 'event'), JSON.stringify(marker), { qos: 1 });
    await until(
      async () => !!(await t.db.selectFrom('access_event').select('id').where('eid', '=', eid).executeTakeFirst()),
      10_000,
      'marker stored',
    );
  };

  it('an ack of an unknown id, of another unit’s command, a second ack and one after a supersede change nothing', async () => {
    const d = await bindNewDevice(t, token, community);
    const other = await bindNewDevice(t, token, community);
    const s = await sim(d);
    await until(async () => (await statusesOf(t, d.addressid)).every((c) => c.status === CMD_STATUS.success), 20_000, 'configured');

    // acknowledged once: a second ack (even a failure) changes nothing
    await card(d.addressid, 'A1');
    await until(async () => (await statusesOf(t, d.addressid)).at(-1)?.status === CMD_STATUS.success, 10_000, 'A1 acked');
    const acked = (await statusesOf(t, d.addressid)).at(-1)?.id as number;
    const before = await commandRow(acked);
    expect(before).toMatchObject({ status: CMD_STATUS.success, answers: 1 });

    // superseded before the unit answered: its late ack changes nothing
    s.ignore = 1;
    await card(d.addressid, 'B1');
    await s.waitFor((u) => u.ignore === 0, 10_000);
    await t.services.devices.idle();
    await card(d.addressid, 'B1');
    await until(async () => (await statusesOf(t, d.addressid)).at(-1)?.status === CMD_STATUS.success, 10_000, 'B1 again acked');
    const [superseded] = (await statusesOf(t, d.addressid)).slice(-2);
    expect(superseded?.status).toBe(CMD_STATUS.cancelled);
    const supBefore = await commandRow(superseded?.id as number);

    // the other unit's commands (it never connected): an ack from this unit changes nothing
    const othersBefore = await statusesOf(t, other.addressid);
    const otherRows = await Promise.all(othersBefore.map((c) => commandRow(c.id)));
    const unknown = Number((await t.db.selectFrom('command').select(sql<string>`max(id) + 1000`.as('m')).executeTakeFirstOrThrow()).m);

    const c = await raw(d);
    await publishThenMarker(c, d, 'ack', [
      { id: acked, ok: false, info: 'second answer' },
      { id: acked, ok: true, info: 'third answer' },
      { id: superseded?.id, ok: true, info: 'late answer' },
      ...othersBefore.map((o) => ({ id: o.id, ok: true, info: 'not mine' })),
      { id: unknown, ok: true, info: 'never sent' },
    ]);
    expect(await commandRow(acked)).toEqual(before);
    expect(await commandRow(superseded?.id as number)).toEqual(supBefore);
    expect(await Promise.all(othersBefore.map((o) => commandRow(o.id)))).toEqual(otherRows);
    expect(await t.db.selectFrom('command').select('id').where('id', '=', unknown).executeTakeFirst()).toBeUndefined();
  });

  it('a unit flooding events is held to its rate while another unit’s events are all stored at once; the flood is stored later, once', {
    timeout: 90_000,
  }, async () => {
    const flooder = await bindNewDevice(t, token, community);
    const quiet = await bindNewDevice(t, token, community);
    const f = await sim(flooder, 1000);
    const q = await sim(quiet, 1000);
    const FLOOD = 300;
    const started = Date.now();
    await Promise.all([
      Promise.all(Array.from({ length: FLOOD }, (_, i) => f.scanQr(`flood-${i}`))),
      (async () => {
        for (let i = 0; i < 10; i++) await q.scanQr(`quiet-${i}`);
      })(),
    ]);
    await until(async () => (await storedOf(quiet.serial)) === 10, 5_000, 'the quiet unit’s events stored');
    const elapsedS = (Date.now() - started) / 1000;
    const early = await storedOf(flooder.serial);
    // at most the burst and the rate over the time it took (one second of slack)
    expect(early).toBeLessThanOrEqual(RATE.DEVICE_EVENT_BURST + RATE.DEVICE_EVENTS_PER_S * (elapsedS + 1));
    expect(early).toBeLessThan(FLOOD);
    // refused events were not confirmed: the unit sends them again and they are stored, each once
    // (250 refused events at 20 a second, and the unit waits longer after each re-send: 13–20 s on a quiet machine)
    await until(async () => (await storedOf(flooder.serial)) === FLOOD, 60_000, 'the flood stored in the end');
    await until(() => f.unconfirmed.size === 0, 5_000, 'every event confirmed');
    expect(f.redelivered).toBeGreaterThan(0);
    const eids = await t.db
      .selectFrom('access_event as e')
      .innerJoin('device as d', 'd.id', 'e.device_id')
      .select('e.eid')
      .where('d.serial', '=', flooder.serial)
      .execute();
    expect(new Set(eids.map((e) => e.eid)).size).toBe(FLOOD);
    expect(eids.map((e) => e.eid).sort()).toEqual(f.sent.map((e) => e.eid).sort());
  });
});
