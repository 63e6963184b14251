import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DeliveryRow, Page, WebhookRow, WebhookWithSecret } from '@gatehouse/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { until } from '../../test/devices.ts';
import { type TestApp, testApp } from '../../test/harness.ts';
import { enqueueWebhooks } from './delivery-queue.ts';
import { runDueDeliveries } from './worker.ts';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** How an integrator checks a delivery: the HMAC over "<t>.<body>" and a timestamp inside the 5-minute window. */
function verify(secret: string, header: string | undefined, body: string, now = Date.now()): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((kv) => kv.split('=', 2) as [string, string]));
  const ts = Number(parts.t);
  if (!Number.isInteger(ts) || Math.abs(now / 1000 - ts) > 300 || !parts.v1) return false;
  const expected = crypto.createHmac('sha256', secret).update(`${ts}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

describe('webhooks', () => {
  let t: TestApp;
  let admin: string;
  let server: http.Server;
  let base: string;
  const received: Received[] = [];
  /** Status codes the receiver answers, in order; 200 when empty. */
  let answers: number[] = [];

  const create = (url: string, kinds: string[]) =>
    t.post<WebhookWithSecret>('/webhook/createWebhook', { url, kinds: kinds.join(','), description: 'CRM' }, admin);
  const deliveries = (webhookId: number) =>
    t.db.selectFrom('webhook_delivery').selectAll().where('webhook_id', '=', webhookId).orderBy('id').execute();
  const makeDue = (webhookId: number) =>
    t.db
      .updateTable('webhook_delivery')
      .set({ next_at: new Date(Date.now() - 1000) })
      .where('webhook_id', '=', webhookId)
      .where('status', '=', 0)
      .execute();

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.statusCode = answers.shift() ?? 200;
        res.end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await testApp({ config: { WEBHOOK_ALLOW_PRIVATE: true, WEBHOOK_POLL_MS: 0 } });
    ({ token: admin } = await t.signIn({ roleId: 1 }));
  });
  afterAll(async () => {
    await t?.close();
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
  });
  beforeEach(async () => {
    await t.db.deleteFrom('webhook').execute();
    received.length = 0;
    answers = [];
    t.config.WEBHOOK_ALLOW_PRIVATE = true;
  });

  it('registers a webhook: the secret is answered once and stored encrypted; the test button delivers a signed ping', async () => {
    const res = await create(`${base}/hook`, ['access', 'emergency']);
    expect(res.body).toMatchObject({ status: 200, content: { url: `${base}/hook`, kinds: ['access', 'emergency'], enabled: true } });
    const { id, secret } = res.body.content;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const stored = await t.db.selectFrom('webhook').select('secret_enc').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.secret_enc).not.toContain(secret.slice(6));
    expect(stored.secret_enc).toMatch(/^v1\./);
    expect((await t.lastOpLog())?.content).toContain('op.webhook.create');
    const list = await t.get<WebhookRow[]>('/webhook/getWebhooks', {}, admin);
    expect(list.body.content.find((w) => w.id === id)).not.toHaveProperty('secret');

    const test = await t.post<DeliveryRow>('/webhook/sendTest', { id }, admin);
    expect(test.body).toMatchObject({ status: 200, content: { kind: 'ping', status: 1, responseCode: 200, attempts: 1 } });
    expect(test.body.msgs).toEqual(['Test delivered (HTTP 200)']);
    expect(received).toHaveLength(1);
    const r = received[0] as Received;
    expect(r.headers['gatehouse-event']).toBe('ping');
    expect(verify(secret, r.headers['gatehouse-signature'] as string, r.body)).toBe(true);
    expect(verify('whsec_wrong', r.headers['gatehouse-signature'] as string, r.body)).toBe(false);
    expect(verify(secret, r.headers['gatehouse-signature'] as string, r.body, Date.now() + 301_000)).toBe(false);
    expect(JSON.parse(r.body)).toMatchObject({ kind: 'ping', data: { webhookId: id } });
  });

  it('delivers an emergency mode and device news to the webhooks that asked for them, retrying after a 500', async () => {
    const { id, secret } = (await create(`${base}/retry`, ['emergency', 'device.offline'])).body.content;
    const community = await t.createCommunity();
    const set = await t.post<{ id: number }>('/emergency/setMode', { communityId: community, mode: 'allOpen', reason: 'Fire' }, admin);
    expect(set.body.status).toBe(200);
    t.services.news.emit('device', { deviceId: 1, serial: 'X1', communityId: community, online: false });
    t.services.news.emit('device', { deviceId: 1, serial: 'X1', communityId: community, online: true });
    await until(async () => (await deliveries(id)).length === 2, 10_000, 'two deliveries queued');
    answers = [500, 500];
    expect(await runDueDeliveries(t.db, t.config)).toBe(2);
    let rows = await deliveries(id);
    expect(rows.map((d) => [d.kind, d.status, d.attempts, d.response_code])).toEqual([
      ['emergency', 0, 1, 500],
      ['device.offline', 0, 1, 500],
    ]);
    // Retried later (30 s after the first failure), not now.
    expect(rows.every((d) => new Date(d.next_at).getTime() > Date.now() + 20_000)).toBe(true);
    expect(await runDueDeliveries(t.db, t.config)).toBe(0);
    await makeDue(id);
    expect(await runDueDeliveries(t.db, t.config)).toBe(2);
    rows = await deliveries(id);
    expect(rows.map((d) => [d.status, d.attempts, d.response_code])).toEqual([
      [1, 2, 200],
      [1, 2, 200],
    ]);
    expect(received).toHaveLength(4);
    const last = received.slice(2).map((r) => JSON.parse(r.body) as { id: string; kind: string; data: Record<string, unknown> });
    expect(last.find((b) => b.kind === 'emergency')?.data).toMatchObject({
      action: 'set',
      communityId: community,
      mode: 'allOpen',
      reason: 'Fire',
    });
    // A retry carries the same event id, freshly signed.
    const ids = (from: number) =>
      received
        .slice(from, from + 2)
        .map((r) => JSON.parse(r.body).id as string)
        .sort();
    expect(ids(0)).toEqual(ids(2));
    for (const r of received) expect(verify(secret, r.headers['gatehouse-signature'] as string, r.body)).toBe(true);
    const log = await t.get<Page<DeliveryRow>>('/webhook/getDeliveries', { webhookId: id }, admin);
    expect(log.body.content.total).toBe(2);
    expect(log.body.content.rows[0]).toMatchObject({ status: 1, attempts: 2, responseCode: 200 });
    const hook = (await t.get<WebhookRow[]>('/webhook/getWebhooks', {}, admin)).body.content.find((w) => w.id === id);
    expect(hook?.consecutiveFailures).toBe(0);
  });

  it('disables a webhook after 20 failed deliveries in a row and cancels what it still had to send', async () => {
    const { id } = (await create(`${base}/down`, ['access'])).body.content;
    await enqueueWebhooks(t.db, 'access', { n: 1 });
    await enqueueWebhooks(t.db, 'access', { n: 2 });
    answers = Array(100).fill(503);
    for (let i = 0; i < 10; i++) {
      await makeDue(id);
      expect(await runDueDeliveries(t.db, t.config)).toBe(2);
    }
    const hook = await t.db.selectFrom('webhook').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(hook).toMatchObject({ enabled: false, consecutive_failures: 20 });
    expect(hook.disabled_reason).toContain('webhook.disabledAfterFailures');
    expect((await deliveries(id)).map((d) => d.status)).toEqual([3, 3]);
    await enqueueWebhooks(t.db, 'access', { n: 3 });
    expect(await deliveries(id)).toHaveLength(2);
    // Enabled again by hand: the failure count starts over.
    const on = await t.post<WebhookRow>('/webhook/updateWebhook', { id, url: `${base}/down`, kinds: 'access', enabled: '1' }, admin);
    expect(on.body.content).toMatchObject({ enabled: true, consecutiveFailures: 0, disabledReason: '' });
  });

  it('gives a delivery up after a day, and disables a webhook that has been failing for a day', async () => {
    const { id } = (await create(`${base}/old`, ['access'])).body.content;
    await enqueueWebhooks(t.db, 'access', { n: 1 });
    await enqueueWebhooks(t.db, 'access', { n: 2 });
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    const [first] = await deliveries(id);
    await t.db.updateTable('webhook_delivery').set({ created_at: dayAgo }).where('id', '=', Number(first?.id)).execute();
    await t.db.updateTable('webhook').set({ failing_since: dayAgo, consecutive_failures: 3 }).where('id', '=', id).execute();
    answers = [500];
    // The older one first: given up; the webhook, failing for a day, is disabled and the other delivery cancelled.
    expect(await runDueDeliveries(t.db, t.config, 1)).toBe(1);
    expect(await runDueDeliveries(t.db, t.config)).toBe(0);
    const rows = await deliveries(id);
    expect(rows.find((d) => d.id === first?.id)?.status).toBe(2);
    expect(rows.find((d) => d.id !== first?.id)?.status).toBe(3);
    const hook = await t.db.selectFrom('webhook').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(hook).toMatchObject({ enabled: false, disabled_reason: 'webhook.disabledAfterDay' });
  });

  it('refuses unknown kinds, non-http URLs and private addresses unless allowed, at registration and at delivery', async () => {
    expect((await create('ftp://example.com/x', ['access'])).body).toMatchObject({
      status: 400,
      msgs: ['The URL must be a full http:// or https:// address (without user name or password)'],
    });
    expect((await create(`${base}/x`, ['access', 'coffee'])).body).toMatchObject({ status: 400, msgs: ['Unknown event kind'] });
    expect((await create(`${base}/x`, [])).body).toMatchObject({ status: 400, msgs: ['Please choose event kinds'] });
    const { id } = (await create(`${base}/later`, ['access'])).body.content;
    t.config.WEBHOOK_ALLOW_PRIVATE = false;
    for (const [url, ip] of [
      ['http://127.0.0.1:9/x', '127.0.0.1'],
      ['http://10.1.2.3/x', '10.1.2.3'],
      ['http://169.254.169.254/latest', '169.254.169.254'],
      ['http://[::1]:8080/x', '::1'],
      ['http://192.168.1.20/x', '192.168.1.20'],
      ['http://[::ffff:10.0.0.1]/x', '::ffff:a00:1'],
    ]) {
      const res = await create(url as string, ['access']);
      expect(res.body.status, url).toBe(400);
      expect(res.body.msgs[0]).toContain('loopback, private or link-local');
      expect(res.body.msgs[0]).toContain(ip);
    }
    // Every IANA special-purpose range, by the registry: documentation networks, IPv4-compatible IPv6,
    // site-local, 6to4 and Teredo and NAT64 of anything, benchmarking, ORCHID (accepted until 28 Nov 2026).
    for (const url of [
      'http://192.0.2.10/x',
      'http://198.51.100.7/x',
      'http://203.0.113.9/x',
      'http://198.18.0.1/x',
      'http://[::127.0.0.1]/x',
      'http://[fec0::1]/x',
      'http://[2002:7f00:1::]/x',
      'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/x',
      'http://[64:ff9b::a00:1]/x',
      'http://[2001:2::1]/x',
      'http://[2001:db8::1]/x',
      'http://[100::1]/x',
    ]) {
      const res = await create(url, ['access']);
      expect(res.body.status, url).toBe(400);
      expect(res.body.msgs[0], url).toContain('loopback, private or link-local');
    }
    // Public addresses pass (no request is made at registration for an address literal).
    for (const url of ['http://93.184.216.34/x', 'http://[2606:4700:4700::1111]/x']) {
      const res = await create(url, ['access']);
      expect(res.body.status, url).toBe(200);
      await t.post('/webhook/deleteWebhooks', { ids: (res.body.content as { id: number }).id }, admin);
    }
    const { token: zhAdmin } = await t.signIn({ roleId: 1 }, 'zh-CN');
    const zh = await t.post('/webhook/createWebhook', { url: 'http://10.0.0.1/', kinds: 'access' }, zhAdmin);
    expect(zh.body.msgs[0]).toContain('内网');
    // Registered while allowed, then refused when it is delivered.
    await enqueueWebhooks(t.db, 'access', { n: 1 });
    await runDueDeliveries(t.db, t.config);
    const [d] = await deliveries(id);
    expect(d).toMatchObject({ status: 0, attempts: 1, response_code: 0 });
    expect(d?.last_error).toContain('loopback, private or link-local');
    expect(received).toHaveLength(0);
  });

  it('several workers never deliver a row twice; failed commands are told, successful ones not; the routes are in openapi', async () => {
    const { id } = (await create(`${base}/many`, ['command.failed'])).body.content;
    t.services.news.emit('command', [
      { id: 1, deviceId: 1, communityId: null, status: 2, info: '' },
      ...Array.from({ length: 12 }, (_, i) => ({ id: 100 + i, deviceId: 1, communityId: null, status: 3, info: 'no space' })),
    ]);
    await until(async () => (await deliveries(id)).length === 12, 10_000, 'twelve deliveries queued');
    const counts = await Promise.all([
      runDueDeliveries(t.db, t.config, 5),
      runDueDeliveries(t.db, t.config, 5),
      runDueDeliveries(t.db, t.config, 5),
    ]);
    const rest = await runDueDeliveries(t.db, t.config, 20);
    expect(counts.reduce((a, b) => a + b, 0) + rest).toBe(12);
    const ids = received.map((r) => JSON.parse(r.body).id as string);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    expect(received.map((r) => JSON.parse(r.body).data.id).sort((a: number, b: number) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => 100 + i),
    );
    const api = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    for (const path of ['/api/webhook/createWebhook', '/api/webhook/sendTest', '/api/emergency/setMode', '/api/door/open'])
      expect(api.body).toContain(path);
  });

  it('rotates the secret (the old one no longer verifies); only administrators reach the routes', async () => {
    const { id, secret: old } = (await create(`${base}/rot`, ['access'])).body.content;
    const rot = await t.post<WebhookWithSecret>('/webhook/rotateSecret', { id }, admin);
    expect(rot.body.status).toBe(200);
    expect(rot.body.content.secret).not.toBe(old);
    await t.post('/webhook/sendTest', { id }, admin);
    const r = received[0] as Received;
    expect(verify(rot.body.content.secret, r.headers['gatehouse-signature'] as string, r.body)).toBe(true);
    expect(verify(old, r.headers['gatehouse-signature'] as string, r.body)).toBe(false);

    const manager = await t.signIn({ roleId: 4 });
    expect((await t.get('/webhook/getWebhooks', {}, manager.token)).body.status).toBe(403);
    expect((await t.post('/webhook/sendTest', { id }, manager.token)).body.status).toBe(403);
    expect((await t.get('/webhook/getWebhooks', {})).body.status).toBe(401);
    const del = await t.post('/webhook/deleteWebhooks', { ids: String(id) }, admin);
    expect(del.body.status).toBe(200);
    expect(await deliveries(id)).toEqual([]);
  });
});
