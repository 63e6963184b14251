import crypto from 'node:crypto';
import fs from 'node:fs';
import { CMD_KIND, CMD_STATUS, CMD_TYPE, type DeviceSecret } from '@gatehouse/contracts';
import { type SimulatedDevice, startSimulatedDevice } from '@gatehouse/device-sim';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewDevice, statusesOf, until } from '../test/devices.ts';
import { type TestApp, testApp } from '../test/harness.ts';
import { MOSQUITTO, type Mosquitto, startMosquitto } from '../test/mosquitto-plain.ts';
import { withCommands } from './commands.ts';

/** Far longer than the wait below: a command settled in time was re-sent at the reconnect, not by its lease. */
const LEASE_MS = 180_000;
const canRun = fs.existsSync(MOSQUITTO);
if (!canRun) console.log(`broker-restart.test.ts skipped: needs Mosquitto at ${MOSQUITTO}`);

/**
 * The broker restarts without persistence (issue 38, found by the chaos soak): what it held for the
 * units is gone with its sessions. The server re-sends its unanswered commands when its connection is
 * back (and when the unit says it is online again), not a lease later.
 */
describe.skipIf(!canRun)('the broker restarted', () => {
  let mosq: Mosquitto;
  let t: TestApp;
  let token: string;
  let d: DeviceSecret;
  let unit: SimulatedDevice;
  const prefix = `ghb${crypto.randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    mosq = await startMosquitto();
    t = await testApp({ mqtt: true, config: { MQTT_URL: mosq.url, MQTT_TOPIC_PREFIX: prefix, COMMAND_ACK_TIMEOUT_MS: LEASE_MS } });
    ({ token } = await t.signIn({ roleId: 1 }));
    d = await bindNewDevice(t, token, await t.createCommunity());
    unit = await startSimulatedDevice({ url: mosq.url, prefix, serial: d.serial, secret: d.secret });
    await until(async () => (await statusesOf(t, d.addressid)).every((c) => c.status === CMD_STATUS.success), 30_000, 'configured');
  }, 120_000);

  afterAll(async () => {
    await unit?.stop();
    await t?.close();
    await mosq?.stop();
  });

  /** Queues card `cardId`; the unit takes it but its answer never comes. Answers the command, sent (status 1). */
  const sentUnanswered = async (cardId: string) => {
    const isIt = (c: { kind: string; payload?: unknown }) =>
      c.kind === CMD_KIND.cardPut && (c.payload as { cardId?: string })?.cardId === cardId;
    unit.ignoreOnce = isIt;
    await withCommands(t.services, (_trx, q) =>
      q.add(d.addressid, [
        { type: CMD_TYPE.card, kind: CMD_KIND.cardPut, objectKey: `card:${cardId}`, payload: { cardId, account: '13900000001' } },
      ]),
    );
    await unit.waitFor((u) => u.received.some(isIt), 20_000);
    const cmd = await t.db
      .selectFrom('command')
      .select(['id', 'status'])
      .where('address_id', '=', d.addressid)
      .where('object_key', '=', `card:${cardId}`)
      .executeTakeFirstOrThrow();
    expect(cmd.status).toBe(CMD_STATUS.sent);
    return { id: Number(cmd.id) };
  };

  it('re-sends an unanswered command once the connection is back', { timeout: 120_000 }, async () => {
    // The unit takes B1 but its answer never comes (lost with the broker). Only B1: a late duplicate of
    // the set-up commands must not take the lost answer's place.
    const b1 = await sentUnanswered('B1');

    await mosq.halt();
    await mosq.resume();
    await until(
      async () => (await statusesOf(t, d.addressid)).find((c) => c.id === b1.id)?.status === CMD_STATUS.success,
      60_000,
      'B1 acked',
    );
    expect(unit.state.cards.has('B1')).toBe(true);
    const row = await t.db.selectFrom('command').select('attempts').where('id', '=', b1.id).executeTakeFirstOrThrow();
    // Re-sent at least once: when the server's connection came back, or when the unit said it was online
    // again (whichever the broker delivered: a unit's status published before any instance subscribed
    // again reaches them only as a retained copy, which re-sends nothing for a unit stored online).
    expect(row.attempts).toBeGreaterThanOrEqual(2);
  });

  it('re-sends what a unit stored as online has not answered when the unit says it is online again', { timeout: 60_000 }, async () => {
    // After a broker restart a unit connects again with no will having told of the break: it is still stored
    // online, and what the server re-sent at its own reconnect may have reached the broker before the unit did.
    const b2 = await sentUnanswered('B2');
    const stored = await t.db.selectFrom('device').select('online').where('serial', '=', d.serial).executeTakeFirstOrThrow();
    expect(stored.online).toBe(true);

    // The unit's "online" as it publishes it on connecting (this broker takes anonymous clients).
    const as = await mqtt.connectAsync(mosq.url, { clientId: `ghb-as-${d.serial}` });
    await as.publishAsync(`${prefix}/dev/${d.serial}/status`, JSON.stringify({ online: true }), { qos: 1, retain: true });
    await as.endAsync();
    // Acked well inside the lease (180 s): re-sent because of the status, not the lease.
    await until(
      async () => (await statusesOf(t, d.addressid)).find((c) => c.id === b2.id)?.status === CMD_STATUS.success,
      20_000,
      'B2 acked',
    );
    expect(unit.state.cards.has('B2')).toBe(true);
  });
});
