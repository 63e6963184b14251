import { defineRoutes, empty, r } from '@gatehouse/contracts';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbRateLimiter, redisRateLimiter } from '../sms/rate-limit.ts';
import { type TestApp, testApp } from '../test/harness.ts';
import { handle, registerRoutes } from './route.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const probe = defineRoutes('probe', {
  accountsOnly: r<string>()({ method: 'GET', input: empty, access: { menus: ['account'] } }),
  managersOnly: r<string>()({ method: 'GET', input: empty, access: { menus: ['account'], roles: [4, 5] } }),
});

async function probeApp() {
  const app = Fastify();
  await app.register((await import('@fastify/cookie')).default);
  registerRoutes(app, t.services, [handle(probe.accountsOnly, async () => 'ok'), handle(probe.managersOnly, async () => 'ok')]);
  app.setErrorHandler(async (err, _req, reply) => {
    const e = err as { status?: number };
    return reply.code(e.status ?? 500).send({ status: e.status });
  });
  return app;
}

describe('permission guard', () => {
  it('refuses to register a route that declares no access', async () => {
    const app = Fastify();
    const bad = { ...probe.accountsOnly, access: undefined } as unknown as typeof probe.accountsOnly;
    expect(() => registerRoutes(app, t.services, [handle(bad, async () => 'x')])).toThrow(/declares no access/);
  });

  it('lets a caller in only with the menu granted, and at once after a change of grants', async () => {
    const app = await probeApp();
    const { id, token } = await t.signIn({ roleId: 5 });
    const call = (url: string) => app.inject({ url: `/api/probe/${url}`, headers: { token } });
    expect((await call('accountsOnly')).statusCode).toBe(200);
    await t.db.deleteFrom('account_menu').where('account_id', '=', id).execute();
    expect((await call('accountsOnly')).statusCode).toBe(403);
    await t.db.insertInto('account_menu').values({ account_id: id, menu_id: 5 }).execute();
    expect((await call('accountsOnly')).statusCode).toBe(200);
    await app.close();
  });

  it('checks the declared roles as well as the menu', async () => {
    const app = await probeApp();
    const engineer = await t.signIn({ roleId: 2 });
    const manager = await t.signIn({ roleId: 4 });
    expect((await app.inject({ url: '/api/probe/managersOnly', headers: { token: engineer.token } })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/probe/managersOnly', headers: { token: manager.token } })).statusCode).toBe(200);
    await app.close();
  });
});

describe('session expiry and revocation', () => {
  it('ends a session after the idle limit', async () => {
    const { token } = await t.signIn({ roleId: 5 });
    await t.db.updateTable('session').set({ last_seen_at: sql<Date>`now() - interval '3 hours'` }).execute();
    const res = await t.get('/getSession', {}, token);
    expect(res.statusCode).toBe(401);
    expect(res.body.msgs).toEqual(['Your session has expired, please sign in again']);
  });

  it('ends a session at its absolute limit even when active', async () => {
    const { token } = await t.signIn({ roleId: 5 });
    await t.db.updateTable('session').set({ expires_at: sql<Date>`now() - interval '1 second'` }).execute();
    expect((await t.get('/getSession', {}, token)).statusCode).toBe(401);
  });

  it('refuses the session of a disabled account at once', async () => {
    const { id, token } = await t.signIn({ roleId: 5 });
    expect((await t.get('/getSession', {}, token)).statusCode).toBe(200);
    await t.db.updateTable('account').set({ state: 2 }).where('id', '=', id).execute();
    expect((await t.get('/getSession', {}, token)).statusCode).toBe(401);
  });

  it('answers a malformed body with a 400 envelope and no internals', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '{bad json',
      headers: { 'content-type': 'application/json', 'x-lang': 'english' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, msgs: ['Invalid request'], content: null });
  });
});

describe('rate limiter', () => {
  const check = async (limiter: ReturnType<typeof dbRateLimiter>) => {
    const key = `test:${Math.random()}`;
    expect((await limiter.hit(key, 2, 60)).allowed).toBe(true);
    expect((await limiter.hit(key, 2, 60)).allowed).toBe(true);
    const third = await limiter.hit(key, 2, 60);
    expect(third.allowed).toBe(false);
    expect(third.retryAfter).toBeGreaterThan(0);
    expect((await limiter.peek(key, 2, 60)).allowed).toBe(false);
    await limiter.release(key);
    await limiter.release(key);
    expect((await limiter.peek(key, 2, 60)).allowed).toBe(true);
    expect((await limiter.hit(key, 2, 60)).allowed).toBe(true);
    expect((await limiter.hit(key, 2, 60)).allowed).toBe(false);
    await limiter.reset(key);
    await limiter.release(key);
    expect((await limiter.peek(key, 2, 60)).allowed).toBe(true);
  };

  it('counts in the database', async () => check(dbRateLimiter(t.db)));

  it.runIf(process.env.TEST_REDIS_URL)('counts in Redis when REDIS_URL is set', async () => {
    const { Redis } = await import('ioredis');
    const redis = new Redis(process.env.TEST_REDIS_URL as string);
    await check(redisRateLimiter(redis));
    await redis.quit();
  });
});

describe('logs', () => {
  it('never writes SMS codes, passwords or tokens of a URL', async () => {
    const { redactUrl } = await import('../app.ts');
    expect(redactUrl('/api/validatePhoVcode?phoneNumber=13900000000&vcode=123456&_t=1')).toBe(
      '/api/validatePhoVcode?phoneNumber=13900000000&vcode=***&_t=1',
    );
    expect(redactUrl('/api/x?token=abc&pwd=Secret1')).toBe('/api/x?token=***&pwd=***');
  });
});
