import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewDevice, moveDoor } from '../../test/devices.ts';
import { testApp, type TestApp } from '../../test/harness.ts';
import { AUTH_FAILS_MAX, HOOK_FAILS_MAX } from './emqx-http.ts';

const SHARED = 'emqx-shared-secret-0123456789';
const SERVER_PW = 'server-password-1';

/** EMQX 5's HTTP authenticator and authorizer, called as EMQX calls them (JSON bodies from its placeholders). */
describe('EMQX HTTP authentication and authorization', () => {
  let t: TestApp;
  let token: string;
  let community: number;
  beforeAll(async () => {
    t = await testApp({ config: { MQTT_HTTP_AUTH_SECRET: SHARED, MQTT_USERNAME: 'gatehouse', MQTT_PASSWORD: SERVER_PW } });
    ({ token } = await t.signIn({ roleId: 1 }));
    community = await t.createCommunity();
  });
  afterAll(async () => t.close());

  const call = async (hook: 'auth' | 'acl', body: Record<string, unknown>, authorization: string | null = `Bearer ${SHARED}`) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/mqtt/${hook}`,
      headers: { 'content-type': 'application/json', 'x-lang': 'english', ...(authorization ? { authorization } : {}) },
      payload: JSON.stringify(body),
    });
    return { status: res.statusCode, body: res.json() as { result?: string; is_superuser?: boolean; msgs?: string[] } };
  };
  // EMQX 5 bodies: {"clientid":"${clientid}","username":"${username}","password":"${password}"} and, for authorization, topic and action.
  const auth = (username: string, password: string) =>
    call('auth', { clientid: `c-${username}`, username, password, peerhost: '10.0.0.7' });
  const acl = (username: string, action: string, topic: string) =>
    call('acl', { clientid: `c-${username}`, username, action, topic, qos: '1' });

  it('answers 401 without the shared secret or with a wrong one', async () => {
    expect((await call('auth', { username: 'x', password: 'y' }, null)).status).toBe(401);
    const wrong = await call('acl', { username: 'x', topic: 'gh/dev/x/ack', action: 'publish' }, 'Bearer not-the-secret');
    expect(wrong.status).toBe(401);
    expect(wrong.body.msgs).toEqual(['The MQTT broker call credential is not valid']);
    expect(wrong.body.result).toBeUndefined();
  });

  it("allows a bound unit's current secret, denies a wrong one, an unbound serial and a wrong server password", async () => {
    const d = await bindNewDevice(t, token, community);
    expect(await auth(d.serial, d.secret)).toEqual({ status: 200, body: { result: 'allow', is_superuser: false } });
    expect((await auth(d.serial, `${d.secret}x`)).body.result).toBe('deny');
    expect((await auth('NOSUCHUNIT1', d.secret)).body.result).toBe('deny');
    expect((await auth(d.serial, '')).body.result).toBe('deny');
    expect((await call('auth', { username: d.serial })).body.result).toBe('deny');
    expect((await auth('gatehouse', SERVER_PW)).body).toEqual({ result: 'allow', is_superuser: false });
    expect((await auth('gatehouse', 'guess')).body.result).toBe('deny');
    // Basic authentication with the shared secret as the password works too.
    const basic = `Basic ${Buffer.from(`emqx:${SHARED}`).toString('base64')}`;
    expect((await call('auth', { username: d.serial, password: d.secret }, basic)).body.result).toBe('allow');
  });

  it("applies the embedded broker's topic rules, and refuses a removed unit", async () => {
    const a = await bindNewDevice(t, token, community);
    const b = await bindNewDevice(t, token, community);
    for (const sub of ['ack', 'event', 'status', 'heartbeat'])
      expect((await acl(a.serial, 'publish', `gh/dev/${a.serial}/${sub}`)).body.result).toBe('allow');
    for (const sub of ['cmd', 'evack']) expect((await acl(a.serial, 'subscribe', `gh/dev/${a.serial}/${sub}`)).body.result).toBe('allow');
    const denied: [string, string][] = [
      ['publish', `gh/dev/${b.serial}/ack`],
      ['publish', `gh/dev/${a.serial}/cmd`],
      ['publish', `gh/dev/${a.serial}/evack`],
      ['subscribe', `gh/dev/${b.serial}/evack`],
      ['publish', 'gh/other'],
      ['subscribe', `gh/dev/${b.serial}/cmd`],
      ['subscribe', 'gh/dev/+/cmd'],
      ['subscribe', `gh/dev/${a.serial}/#`],
      ['subscribe', `$share/g/gh/dev/${a.serial}/cmd`],
      ['retain', `gh/dev/${a.serial}/ack`],
    ];
    for (const [action, topic] of denied) expect((await acl(a.serial, action, topic)).body.result, `${action} ${topic}`).toBe('deny');
    // the server's client: every device topic and shared subscriptions under the prefix
    expect((await acl('gatehouse', 'publish', `gh/dev/${a.serial}/cmd`)).body.result).toBe('allow');
    expect((await acl('gatehouse', 'subscribe', 'gh/dev/+/ack')).body.result).toBe('allow');
    expect((await acl('gatehouse', 'subscribe', '$share/gatehouse/gh/dev/+/status')).body.result).toBe('allow');
    expect((await acl('gatehouse', 'subscribe', '#')).body.result).toBe('deny');
    expect((await acl('gatehouse', 'subscribe', '$share/g/other/#')).body.result).toBe('deny');
    expect((await acl('gatehouse', 'publish', 'other/x')).body.result).toBe('deny');

    expect((await t.post('/device/delDevices', { ids: a.addressid }, token)).body.status).toBe(200);
    expect((await acl(a.serial, 'publish', `gh/dev/${a.serial}/ack`)).body.result).toBe('deny');
    expect((await auth(a.serial, a.secret)).body.result).toBe('deny');
  });

  it("lets a unit subscribe to its own community's emergency topic only; the server publishes there", async () => {
    const d = await bindNewDevice(t, token, community);
    const other = await t.createCommunity();
    const mine = `gh/community/${community}/emergency`;
    expect((await acl(d.serial, 'subscribe', mine)).body.result).toBe('allow');
    const denied: [string, string][] = [
      ['subscribe', `gh/community/${other}/emergency`],
      ['subscribe', 'gh/community/+/emergency'],
      ['subscribe', `gh/community/${community}/#`],
      ['publish', mine],
    ];
    for (const [action, topic] of denied) expect((await acl(d.serial, action, topic)).body.result, `${action} ${topic}`).toBe('deny');
    expect((await acl('gatehouse', 'publish', mine)).body.result).toBe('allow');
    expect((await acl('gatehouse', 'publish', `gh/community/${other}/emergency`)).body.result).toBe('allow');
    expect((await acl('gatehouse', 'subscribe', 'gh/community/#')).body.result).toBe('deny');
    // Moved to another community, the unit reads that one's topic instead; removed, none.
    await moveDoor(t, d.serial, other);
    expect((await acl(d.serial, 'subscribe', mine)).body.result).toBe('deny');
    expect((await acl(d.serial, 'subscribe', `gh/community/${other}/emergency`)).body.result).toBe('allow');
    expect((await t.post('/device/delDevices', { ids: d.addressid }, token)).body.status).toBe(200);
    expect((await acl(d.serial, 'subscribe', `gh/community/${other}/emergency`)).body.result).toBe('deny');
  });

  it('denies a caller after too many wrong passwords; the unit itself still connects from its own address', async () => {
    const d = await bindNewDevice(t, token, community);
    const other = await bindNewDevice(t, token, community);
    const from = (username: string, password: string, peerhost: string) =>
      call('auth', { username, password, clientid: `c-${username}`, peerhost });
    for (let i = 0; i < AUTH_FAILS_MAX; i++) expect((await from(d.serial, `wrong-${i}`, '203.0.113.9')).body.result).toBe('deny');
    // The stranger is out, whatever unit it names next.
    expect((await from(d.serial, d.secret, '203.0.113.9')).body.result).toBe('deny');
    expect((await from(other.serial, other.secret, '203.0.113.9')).body.result).toBe('deny');
    // The unit, from its own address, is not kept out by the stranger's wrong secrets.
    expect((await from(d.serial, d.secret, '10.20.0.7')).body.result).toBe('allow');
    expect((await from(other.serial, other.secret, '10.20.0.8')).body.result).toBe('allow');
  });

  it('answers 429 once an address keeps sending a wrong shared secret; the right one still passes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < HOOK_FAILS_MAX + 2; i++)
      statuses.push((await call('auth', { username: 'x', password: 'y' }, `Bearer wrong-${i}`)).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(HOOK_FAILS_MAX);
    expect((await call('auth', { username: 'x', password: 'y' })).status).toBe(200);
  });

  it('is listed in openapi.json and reported in GET /api/health', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/mqtt/auth', '/api/mqtt/acl']));
    const health = await t.get<{ broker: { provisioning: string } }>('/health');
    expect(health.body.content.broker).toMatchObject({ mode: 'off', provisioning: 'none' });
  });
});

describe('EMQX HTTP hooks when not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(async () => t.close());

  it('answers 404', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/mqtt/auth',
      headers: { 'content-type': 'application/json', authorization: 'Bearer anything-at-all-here' },
      payload: JSON.stringify({ username: 'a', password: 'b' }),
    });
    expect(res.statusCode).toBe(404);
  });
});
