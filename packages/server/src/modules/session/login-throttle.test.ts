import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxCode, type TestApp, testApp } from '../../test/harness.ts';
import { LIMITER_BACKENDS } from '../../test/limiter-backends.ts';
import { LOGIN_LIMITS } from './login-throttle.ts';

const N = LOGIN_LIMITS.accountClient.max;

describe.each(LIMITER_BACKENDS)('sign-in throttle ($name counters)', ({ redisUrl }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ config: { REDIS_URL: redisUrl } });
  });
  afterAll(async () => t.close());

  /** A sign-in from a given client address (the TCP peer; no proxy is trusted here). */
  const loginFrom = async (ip: string, body: Record<string, string | number>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: ip,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-lang': 'english' },
      payload: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
    });
    return { statusCode: res.statusCode, body: res.json() as { status: number; msgs: string[]; content: unknown } };
  };
  const form = (username: string, password: string, roleId: number, extra: Record<string, string> = {}) => ({
    username,
    password,
    vcode: 'x',
    roleId,
    ...extra,
  });

  it('checks at most N passwords of a concurrent burst and refuses the right one beyond them', async () => {
    await t.createAccount({ regNo: '13922220001', password: 'Right123', roleId: 5 });
    const burst = [...Array.from({ length: 99 }, (_, i) => form('13922220001', `Wrong${i}x`, 5)), form('13922220001', 'Right123', 5)];
    const answers = await Promise.all(burst.map((b) => loginFrom('10.1.0.1', b)));
    const checked = answers.filter((a) => a.statusCode !== 429);
    expect(checked).toHaveLength(N);
    expect(checked.every((a) => a.body.msgs[0] === 'Wrong account or password')).toBe(true);
    const right = answers.at(-1);
    expect(right?.statusCode).toBe(429);
    expect(right?.body.msgs[0]).toMatch(/^Too many attempts, please try again in \d+ seconds$/);
    expect(answers.some((a) => a.body.status === 200)).toBe(false);
  });

  it('keeps counting the failures after a successful sign-in (success does not clear them)', async () => {
    await t.createAccount({ regNo: '13922220002', password: 'Right123', roleId: 5 });
    for (let i = 0; i < N - 1; i++) expect((await loginFrom('10.1.0.2', form('13922220002', 'bad', 5))).statusCode).toBe(400);
    expect((await loginFrom('10.1.0.2', form('13922220002', 'Right123', 5))).body.status).toBe(200);
    expect((await loginFrom('10.1.0.2', form('13922220002', 'bad', 5))).statusCode).toBe(400);
    const over = await loginFrom('10.1.0.2', form('13922220002', 'Right123', 5));
    expect(over.statusCode).toBe(429);
  });

  it("does not let a stranger's failures lock the administrator out, while the stranger is", async () => {
    await t.createAccount({ regNo: '13922220003', password: 'Admin123', roleId: 1 });
    for (let i = 0; i < N; i++) expect((await loginFrom('10.1.0.66', form('13922220003', `guess${i}`, 1))).statusCode).toBe(400);
    const stranger = await loginFrom('10.1.0.66', form('13922220003', 'Admin123', 1));
    expect(stranger.statusCode).toBe(429);

    const admin = await loginFrom('10.1.0.3', form('13922220003', 'Admin123', 1));
    expect(admin.body.status).toBe(205);
    const sent = await t.app.inject({ url: '/api/sendVcodeAdmin?phoneNumber=13922220003', remoteAddress: '10.1.0.3' });
    expect(sent.json()).toMatchObject({ status: 200 });
    const dx = outboxCode(t.config.dataDir, '13922220003') as string;
    const signedIn = await loginFrom('10.1.0.3', form('13922220003', 'Admin123', 1, { dx }));
    expect(signedIn.body.status).toBe(200);
  });

  it('refuses a very long user name as wrong credentials before any counter or query (no server error)', async () => {
    const long = '1'.repeat(5000);
    for (let i = 0; i <= N; i++) {
      const res = await loginFrom('10.1.0.5', form(long, 'bad', 5));
      expect(res.statusCode).toBe(400);
      expect(res.body.msgs).toContain('Wrong account or password');
    }
  });

  it('locks a normal account after failures spread over many addresses (the slower limit)', async () => {
    await t.createAccount({ regNo: '13922220004', password: 'Right123', roleId: 5 });
    const addresses = Math.ceil(LOGIN_LIMITS.account.max / N);
    for (let a = 0; a < addresses; a++) {
      const wave = await Promise.all(Array.from({ length: N }, (_, i) => loginFrom(`10.2.${a}.1`, form('13922220004', `bad${i}`, 5))));
      expect(wave.every((w) => w.statusCode === 400)).toBe(true);
    }
    const locked = await loginFrom('10.3.0.1', form('13922220004', 'Right123', 5));
    expect(locked.statusCode).toBe(429);
    expect(locked.body.msgs[0]).toMatch(/try again in \d+ seconds/);
  });
});
