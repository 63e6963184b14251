import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../modules/session/login-throttle.ts';
import { type TestApp, testApp } from '../test/harness.ts';

const N = LOGIN_LIMITS.accountClient.max;
const PROXY = '10.9.0.1';

const call = async (t: TestApp, peer: string, forwarded: string, url: string, form?: Record<string, string | number>) => {
  const res = await t.app.inject({
    method: form ? 'POST' : 'GET',
    url: `/api${url}`,
    remoteAddress: peer,
    headers: { 'x-forwarded-for': forwarded, 'x-lang': 'english', 'content-type': 'application/x-www-form-urlencoded' },
    payload: form ? new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString() : undefined,
  });
  return { statusCode: res.statusCode, body: res.json() as { status: number; msgs: string[] } };
};
const wrong = (regNo: string, i: number) => ({ username: regNo, password: `bad${i}`, vcode: 'x', roleId: 5 });

describe('client address without TRUST_PROXY (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(async () => t.close());

  it('ignores a rotating X-Forwarded-For on sign-in: the peer is the client', async () => {
    await t.createAccount({ regNo: '13933330001', roleId: 5 });
    for (let i = 0; i < N; i++) expect((await call(t, '10.8.0.1', `1.2.3.${i}`, '/login', wrong('13933330001', i))).statusCode).toBe(400);
    const refused = await call(t, '10.8.0.1', '1.2.3.200', '/login', wrong('13933330001', 99));
    expect(refused.statusCode).toBe(429);
    expect(refused.body.msgs[0]).toMatch(/try again in \d+ seconds/);
  });

  it('ignores a rotating X-Forwarded-For on the role lookup', async () => {
    const answers = [];
    for (let i = 0; i <= 120; i++)
      answers.push((await call(t, '10.8.0.2', `5.6.${i >> 8}.${i & 255}`, '/getRolesByRegNo?regNo=13933330009')).statusCode);
    expect(answers.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(answers[120]).toBe(429);
  });
});

describe('client address with TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ config: { TRUST_PROXY: [PROXY, '10.7.0.0/16'] } });
  });
  afterAll(async () => t.close());

  it('counts per forwarded client when the peer is a configured proxy', async () => {
    await t.createAccount({ regNo: '13933330002', password: 'Right123', roleId: 5 });
    for (let i = 0; i < N; i++) expect((await call(t, PROXY, '1.1.1.1', '/login', wrong('13933330002', i))).statusCode).toBe(400);
    expect((await call(t, PROXY, '1.1.1.1', '/login', wrong('13933330002', 50))).statusCode).toBe(429);
    const other = await call(t, '10.7.3.4', '2.2.2.2', '/login', { username: '13933330002', password: 'Right123', vcode: 'x', roleId: 5 });
    expect(other.body.status).toBe(200);
    const session = await t.db.selectFrom('session').select('ip').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(session.ip).toBe('2.2.2.2');
  });

  it('still ignores X-Forwarded-For from a peer that is not a configured proxy', async () => {
    await t.createAccount({ regNo: '13933330003', roleId: 5 });
    for (let i = 0; i < N; i++) expect((await call(t, '10.8.0.3', `3.3.3.${i}`, '/login', wrong('13933330003', i))).statusCode).toBe(400);
    expect((await call(t, '10.8.0.3', '3.3.3.250', '/login', wrong('13933330003', 77))).statusCode).toBe(429);
  });
});
