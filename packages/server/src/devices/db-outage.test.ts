import crypto from 'node:crypto';
import { CMD_KIND, CMD_STATUS, CMD_TYPE, type DeviceSecret } from '@gatehouse/contracts';
import { type SimulatedDevice, startSimulatedDevice } from '@gatehouse/device-sim';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewDevice, statusesOf, until } from '../test/devices.ts';
import { freshPostgres, type TestApp, testApp, testDbKind } from '../test/harness.ts';
import { freePort } from '../test/mosquitto-plain.ts';
import { hasSocat, SOCAT, TcpProxy } from '../test/tcp-proxy.ts';
import { withCommands } from './commands.ts';

const OUTAGE_MS = 30_000;
const canRun = testDbKind() === 'postgres' && hasSocat();
if (!canRun) console.log(`db-outage.test.ts skipped: needs TEST_DB=postgres and socat at ${SOCAT}`);

/** PostgreSQL away for 30 s under a running server: what units send meanwhile is written once it is back; health says so. */
describe.skipIf(!canRun)('PostgreSQL down for 30 s', () => {
  let pg: { url: string; drop: () => Promise<void> };
  let proxy: TcpProxy;
  let t: TestApp;
  let token: string;
  let d: DeviceSecret;
  let unit: SimulatedDevice;
  const prefix = `gho${crypto.randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    pg = await freshPostgres({ migrated: true });
    const u = new URL(pg.url);
    proxy = new TcpProxy(await freePort(), { host: u.hostname, port: Number(u.port || 5432) });
    await proxy.start();
    u.port = String(proxy.port);
    t = await testApp({ mqtt: true, config: { DATABASE_URL: u.toString(), MQTT_TOPIC_PREFIX: prefix } });
    ({ token } = await t.signIn({ roleId: 1 }));
    d = await bindNewDevice(t, token, await t.createCommunity());
    unit = await startSimulatedDevice({
      url: t.services.devices.url as string,
      prefix,
      serial: d.serial,
      secret: d.secret,
      redeliverMs: 2000,
    });
    await until(async () => (await statusesOf(t, d.addressid)).every((c) => c.status === CMD_STATUS.success), 20_000, 'configured');
  }, 120_000);

  afterAll(async () => {
    await unit?.stop();
    // The app first, while its database is reachable (closing it behind a cut proxy waits about a minute).
    await t?.close();
    await proxy?.cut();
    await pg?.drop();
  });

  it('keeps the acks and events units send meanwhile, writes each once when it is back, and GET /api/health says the database is down', {
    timeout: 120_000,
  }, async () => {
    unit.ackDelayMs = 2000; // the answer comes while the database is away
    await withCommands(t.services, (_trx, q) =>
      q.add(d.addressid, [
        { type: CMD_TYPE.card, kind: CMD_KIND.cardPut, objectKey: 'card:P1', payload: { cardId: 'P1', account: '13900000001' } },
      ]),
    );
    await until(async () => (await statusesOf(t, d.addressid)).at(-1)?.status === CMD_STATUS.sent, 10_000, 'P1 sent');
    const p1 = (await statusesOf(t, d.addressid)).at(-1)?.id as number;
    // Cut once the unit holds it (its answer is still 2 s away): "sent" is written just before the publish,
    // and a loaded machine may deliver it later than the status is read.
    await unit.waitFor((u) => u.received.some((c) => c.id === p1), 20_000);
    const receivedBeforeCut = unit.received.filter((c) => c.id === p1).length;

    await proxy.cut();
    const downAt = Date.now();
    const health = await t.get<{ ok: boolean; db: string; mqtt: string }>('/health');
    expect(health.statusCode).toBe(503);
    expect(health.body.content).toMatchObject({ ok: false, db: 'down', mqtt: 'up' });
    for (let i = 0; i < 20; i++) await unit.scanQr(`outage-${i}`);
    await unit.waitFor((u) => u.state.cards.has('P1'), 20_000);
    await unit.settled();
    await new Promise((r) => setTimeout(r, Math.max(0, OUTAGE_MS - (Date.now() - downAt))));
    await proxy.start();

    await until(async () => (await t.get('/health')).statusCode === 200, 20_000, 'health back to 200');
    await until(async () => (await statusesOf(t, d.addressid)).find((c) => c.id === p1)?.status === CMD_STATUS.success, 20_000, 'P1 acked');
    const sent = unit.sent.map((e) => e.eid);
    const storedEids = async () =>
      (await t.db.selectFrom('access_event').select('eid').where('eid', '=', sql<string>`any(${sent})`).execute()).map((e) => e.eid);
    await until(async () => (await storedEids()).length === sent.length, 20_000, 'events stored');
    await until(() => unit.unconfirmed.size === 0, 10_000, 'events confirmed');
    expect((await storedEids()).sort()).toEqual([...sent].sort());
    const p1Row = await t.db
      .selectFrom('command')
      .select(['attempts', sql<number>`jsonb_array_length(answers)`.as('answers')])
      .where('id', '=', p1)
      .executeTakeFirstOrThrow();
    // written from the kept ack, not from a re-send after the lease
    expect(p1Row).toEqual({ attempts: receivedBeforeCut, answers: 1 });
  });
});
