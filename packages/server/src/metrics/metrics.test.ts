import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACCESS_TYPE, ROLE, type WebhookWithSecret } from '@gatehouse/contracts';
import { type SimulatedDevice, startSimulatedDevice } from '@gatehouse/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewDevice, until } from '../test/devices.ts';
import { testApp, type TestApp } from '../test/harness.ts';
import { type Family, parsePrometheusText, sampleSum } from '../test/prometheus-text.ts';
import { readStream } from '../test/sse.ts';

const FAMILIES = [
  'http_request_duration_seconds',
  'gatehouse_commands',
  'gatehouse_command_oldest_pending_seconds',
  'gatehouse_door_units',
  'gatehouse_events_ingested_total',
  'gatehouse_event_ingest_lag_seconds',
  'gatehouse_live_clients',
  'gatehouse_webhook_deliveries_total',
  'process_cpu_seconds_total',
  'process_resident_memory_bytes',
  'nodejs_eventloop_lag_seconds',
];

describe('metrics', () => {
  let t: TestApp;
  let base: string;
  let admin: string;
  let sim: SimulatedDevice;
  let receiver: http.Server;
  let hookUrl: string;
  const answers: number[] = [];
  const prefix = `ghm${crypto.randomBytes(3).toString('hex')}`;
  const TOKEN = 'metrics-token-0123456789';

  const scrape = async (): Promise<Map<string, Family>> => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheusText(res.body);
  };

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.statusCode = answers.shift() ?? 200;
        res.end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    t = await testApp({
      mqtt: true,
      config: { METRICS: 'on', METRICS_TOKEN: TOKEN, MQTT_TOPIC_PREFIX: prefix, WEBHOOK_ALLOW_PRIVATE: true, WEBHOOK_POLL_MS: 0 },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    ({ token: admin } = await t.signIn({ roleId: ROLE.admin }));
  }, 60_000);
  afterAll(async () => {
    await sim?.stop();
    await t?.close();
    receiver?.closeAllConnections();
    await new Promise((r) => receiver?.close(r));
  });

  it('answers 401 without the bearer token, and a scrape with every family with it', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    const families = await scrape();
    for (const name of FAMILIES) expect(families.has(name), name).toBe(true);
    expect(families.get('http_request_duration_seconds')?.type).toBe('histogram');
    expect(families.get('gatehouse_commands')?.type).toBe('gauge');
    expect(families.get('gatehouse_events_ingested_total')?.type).toBe('counter');
  });

  it('times requests by route pattern and status', async () => {
    const route = { method: 'GET', route: '/api/webhook/getWebhooks', status: '200' };
    const before = sampleSum(await scrape(), 'http_request_duration_seconds', route, '_count');
    expect((await t.get('/webhook/getWebhooks', {}, admin)).statusCode).toBe(200);
    const after = await scrape();
    expect(sampleSum(after, 'http_request_duration_seconds', route, '_count')).toBe(before + 1);
    const unknown = { route: 'unmatched', status: '404' };
    const was = sampleSum(after, 'http_request_duration_seconds', unknown, '_count');
    expect((await t.app.inject({ method: 'GET', url: '/api/no/such/thing?x=1' })).statusCode).toBe(404);
    expect(sampleSum(await scrape(), 'http_request_duration_seconds', unknown, '_count')).toBe(was + 1);
  });

  it('counts door units online and offline, the command queue, events ingested and their lag', async () => {
    const community = await t.createCommunity();
    const unit = await bindNewDevice(t, admin, community);
    let f = await scrape();
    const offline = sampleSum(f, 'gatehouse_door_units', { state: 'offline' });
    const online = sampleSum(f, 'gatehouse_door_units', { state: 'online' });
    expect(offline).toBeGreaterThanOrEqual(1);
    const queued = sampleSum(f, 'gatehouse_commands', { status: 'not_sent' }) + sampleSum(f, 'gatehouse_commands', { status: 'sent' });
    expect(queued).toBeGreaterThanOrEqual(1); // binding queues the unit's configuration
    expect(sampleSum(f, 'gatehouse_command_oldest_pending_seconds')).toBeGreaterThanOrEqual(0);

    const url = t.services.devices.url as string;
    sim = await startSimulatedDevice({ url, prefix, serial: unit.serial, secret: unit.secret });
    await until(async () => sampleSum(await scrape(), 'gatehouse_door_units', { state: 'online' }) === online + 1, 20_000, 'unit online');
    f = await scrape();
    expect(sampleSum(f, 'gatehouse_door_units', { state: 'offline' })).toBe(offline - 1);

    const ingested = sampleSum(f, 'gatehouse_events_ingested_total');
    const lagCount = sampleSum(f, 'gatehouse_event_ingest_lag_seconds', {}, '_count');
    const under15m = sampleSum(f, 'gatehouse_event_ingest_lag_seconds', { le: '900' }, '_bucket');
    const under6h = sampleSum(f, 'gatehouse_event_ingest_lag_seconds', { le: '21600' }, '_bucket');
    const old = new Date(Date.now() - 3_600_000).toISOString();
    await sim.emit({
      kind: 'access',
      eid: crypto.randomUUID(),
      time: old,
      type: ACCESS_TYPE.card,
      result: 0,
      account: '13900000001',
      userName: 'M',
      cardNum: 'AB12',
    });
    await until(async () => sampleSum(await scrape(), 'gatehouse_events_ingested_total') === ingested + 1, 20_000, 'event counted');
    f = await scrape();
    expect(sampleSum(f, 'gatehouse_event_ingest_lag_seconds', {}, '_count')).toBe(lagCount + 1);
    // The event happened an hour ago (the unit kept it while offline): not within 15 minutes, within 6 hours.
    expect(sampleSum(f, 'gatehouse_event_ingest_lag_seconds', { le: '900' }, '_bucket')).toBe(under15m);
    expect(sampleSum(f, 'gatehouse_event_ingest_lag_seconds', { le: '21600' }, '_bucket')).toBe(under6h + 1);
    expect(sampleSum(f, 'gatehouse_event_ingest_lag_seconds', {}, '_sum')).toBeGreaterThanOrEqual(3600);
  }, 60_000);

  it('reads the command queue afresh at each scrape', async () => {
    // The unit answers what binding queued: once nothing is pending, the counts move only by this test.
    const pending = async () =>
      Number(
        (
          await t.db
            .selectFrom('command')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status', 'in', [0, 1])
            .executeTakeFirstOrThrow()
        ).n,
      );
    await until(async () => (await pending()) === 0, 20_000, 'the unit answered its configuration');
    let f = await scrape();
    const sent = sampleSum(f, 'gatehouse_commands', { status: 'sent' });
    const cancelled = sampleSum(f, 'gatehouse_commands', { status: 'cancelled' });
    // A command of its own (the unit's configuration may all be answered, or sent, by now).
    const device = await t.db
      .selectFrom('device')
      .select(['id', 'address_id', 'community_id'])
      .where('address_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const row = await t.db
      .insertInto('command')
      .values({
        device_id: device.id,
        address_id: device.address_id,
        community_id: device.community_id,
        subject: 'M',
        account: '',
        type: 2,
        kind: 'device.profile',
        object_key: 'metrics-test',
        payload: JSON.stringify({}),
        status: 2,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Sent two hours ago and unanswered (its lease not yet run out, so no instance sends it again).
    await t.db
      .updateTable('command')
      .set({ status: 1, created_at: new Date(Date.now() - 7_200_000), lease_until: new Date(Date.now() + 3_600_000) })
      .where('id', '=', row.id)
      .execute();
    f = await scrape();
    expect(sampleSum(f, 'gatehouse_commands', { status: 'sent' })).toBe(sent + 1);
    expect(sampleSum(f, 'gatehouse_command_oldest_pending_seconds')).toBeGreaterThanOrEqual(7200);
    await t.db.updateTable('command').set({ status: 4 }).where('id', '=', row.id).execute();
    f = await scrape();
    expect(sampleSum(f, 'gatehouse_commands', { status: 'sent' })).toBe(sent);
    expect(sampleSum(f, 'gatehouse_commands', { status: 'cancelled' })).toBe(cancelled + 1);
    expect(sampleSum(f, 'gatehouse_command_oldest_pending_seconds')).toBeLessThan(7200);
  });

  it('counts the open live streams', async () => {
    const before = sampleSum(await scrape(), 'gatehouse_live_clients');
    const s = await readStream(base, admin);
    await s.waitFor(() => s.text().includes(': kinds'), 10_000, 'stream opened');
    expect(sampleSum(await scrape(), 'gatehouse_live_clients')).toBe(before + 1);
    s.close();
    await until(async () => sampleSum(await scrape(), 'gatehouse_live_clients') === before, 10_000, 'stream closed');
  });

  it('counts webhook deliveries by result', async () => {
    const hook = await t.post<WebhookWithSecret>('/webhook/createWebhook', { url: hookUrl, kinds: 'access', description: 'M' }, admin);
    const id = hook.body.content.id;
    let f = await scrape();
    const delivered = sampleSum(f, 'gatehouse_webhook_deliveries_total', { result: 'delivered' });
    const failed = sampleSum(f, 'gatehouse_webhook_deliveries_total', { result: 'failed' });
    expect((await t.post('/webhook/sendTest', { id }, admin)).body.status).toBe(200);
    f = await scrape();
    expect(sampleSum(f, 'gatehouse_webhook_deliveries_total', { result: 'delivered' })).toBe(delivered + 1);
    answers.push(500);
    await t.post('/webhook/sendTest', { id }, admin);
    f = await scrape();
    expect(sampleSum(f, 'gatehouse_webhook_deliveries_total', { result: 'failed' })).toBe(failed + 1);
  });
});

describe('metrics off', () => {
  it('answers 404 for /metrics when METRICS is not on', async () => {
    const t = await testApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
