/**
 * The SMS code's five tries under concurrency (issue 37, item 1). On PostgreSQL concurrent guesses
 * used to read the same `attempts` and write the same `attempts + 1`, so one code survived thousands
 * of guesses and any non-administrator account could be taken over through resetPwd.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxCode, type TestApp, testApp } from '../../test/harness.ts';
import { CODE_CHECK_LIMITS } from './codes.ts';

type Body = { status: number; msgs: string[] };

async function resetFrom(t: TestApp, ip: string, phone: string, vcode: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/resetPwd',
    remoteAddress: ip,
    headers: { 'x-lang': 'english', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ phoneNumber: phone, vcode, pwd: 'Taken123', confirmPwd: 'Taken123' }).toString(),
  });
  return { statusCode: res.statusCode, retryAfter: res.headers['retry-after'], body: res.json() as Body };
}

/** Wrong codes: every six-digit code but the right one, spread from `from`. */
const wrongCodes = (right: string, n: number, from = 0) =>
  Array.from({ length: n + 1 }, (_, i) => String((from + i) % 1_000_000).padStart(6, '0'))
    .filter((c) => c !== right)
    .slice(0, n);

describe('SMS code tries under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(async () => t.close());

  it('burns the code after five tries, however many guesses arrive at once', async () => {
    const phone = '13977770001';
    await t.createAccount({ regNo: phone, password: 'Mine1234', roleId: 5 });
    expect((await t.get('/sendVcode', { phoneNumber: phone })).body.status).toBe(200);
    const right = outboxCode(t.config.dataDir, phone) as string;
    // As many guesses as the number's limit lets through, each from its own client address, all at once.
    const guesses = wrongCodes(right, CODE_CHECK_LIMITS.phone.max, 100_000);
    const answers = await Promise.all(guesses.map((code, i) => resetFrom(t, `10.37.${i >> 8}.${i & 255}`, phone, code)));
    expect(answers.every((a) => a.body.status === 400 && a.body.msgs[0] === 'Wrong or expired SMS code')).toBe(true);
    const row = await t.db.selectFrom('sms_code').select('attempts').where('phone', '=', phone).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    // The right code now fails too (from a fresh address: the number's limit is spent, so 429).
    const late = await resetFrom(t, '10.38.0.1', phone, right);
    expect(late.body.status).not.toBe(200);
    // The old password still signs in: nothing was taken over.
    const still = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: phone, password: 'Mine1234', vcode: 'x', roleId: '5' }).toString(),
    });
    expect((still.json() as Body).status).toBe(200);
  });

  it('throttles resetPwd, validatePhoVcode and activeUser per number and per client, with Retry-After', async () => {
    const phone = '13977770002';
    await t.createAccount({ regNo: phone, roleId: 5 });
    const answers = [];
    for (const [i, code] of wrongCodes('', CODE_CHECK_LIMITS.phone.max + 1).entries())
      answers.push(await resetFrom(t, `10.39.0.${i}`, phone, code));
    const last = answers.at(-1);
    expect(last?.statusCode).toBe(429);
    expect(Number(last?.retryAfter)).toBeGreaterThan(0);
    expect(last?.body.msgs[0]).toMatch(/^Too many attempts, please try again in \d+ seconds$/);
    for (const url of ['/validatePhoVcode', '/activeUser']) {
      const res = await t.app.inject({
        method: url === '/activeUser' ? 'POST' : 'GET',
        url: `/api${url}${url === '/activeUser' ? '' : `?phoneNumber=${phone}&vcode=123456`}`,
        remoteAddress: '10.39.1.1',
        headers: { 'x-lang': 'english', 'content-type': 'application/x-www-form-urlencoded' },
        payload: url === '/activeUser' ? `phoneNumber=${phone}&vcode=123456` : undefined,
      });
      expect(res.statusCode).toBe(429);
    }
    // One client over many numbers.
    const client = [];
    for (let i = 0; i <= CODE_CHECK_LIMITS.client.max; i++)
      client.push(await resetFrom(t, '10.40.0.1', `1397778${String(i).padStart(4, '0')}`, '123456'));
    expect(client.slice(0, -1).every((a) => a.statusCode !== 429)).toBe(true);
    expect(client.at(-1)?.statusCode).toBe(429);
  });

  it('answers sendVcode alike for registered and unregistered numbers, and sends only to registered ones', async () => {
    await t.createAccount({ regNo: '13977770003', roleId: 5 });
    const known = await t.get('/sendVcode', { phoneNumber: '13977770003' });
    const unknown = await t.get('/sendVcode', { phoneNumber: '13977779999' });
    expect(unknown.body).toEqual(known.body);
    expect(outboxCode(t.config.dataDir, '13977770003')).toBeDefined();
    expect(outboxCode(t.config.dataDir, '13977779999')).toBeUndefined();
  });
});
