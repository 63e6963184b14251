import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxCode, type TestApp, testApp } from '../../test/harness.ts';
import { LIMITER_BACKENDS } from '../../test/limiter-backends.ts';
import { SMS_LIMITS } from './sms-throttle.ts';

type Answer = { statusCode: number; body: { status: number; msgs: string[] } };

/** A request from a client address (the TCP peer), optionally with a forged X-Forwarded-For. */
async function from(
  t: TestApp,
  ip: string,
  url: string,
  opts: { form?: Record<string, string | number>; forwarded?: string; lang?: string } = {},
): Promise<Answer> {
  const res = await t.app.inject({
    method: opts.form ? 'POST' : 'GET',
    url: `/api${url}`,
    remoteAddress: ip,
    headers: {
      'x-lang': opts.lang ?? 'english',
      'content-type': 'application/x-www-form-urlencoded',
      ...(opts.forwarded ? { 'x-forwarded-for': opts.forwarded } : {}),
    },
    payload: opts.form ? new URLSearchParams(Object.entries(opts.form).map(([k, v]) => [k, String(v)])).toString() : undefined,
  });
  return { statusCode: res.statusCode, body: res.json() as Answer['body'] };
}
const sendVcode = (t: TestApp, ip: string, phone: string, opts: { forwarded?: string; lang?: string } = {}) =>
  from(t, ip, `/sendVcode?phoneNumber=${phone}`, opts);

describe.each(LIMITER_BACKENDS)('SMS code limits ($name counters)', ({ redisUrl }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ config: { REDIS_URL: redisUrl } });
  });
  afterAll(async () => t.close());

  it('sends one code per number per countdown, whatever the client, with its own message', async () => {
    await t.createAccount({ regNo: '13944440001', roleId: 5 });
    expect((await sendVcode(t, '10.4.0.1', '13944440001')).body.status).toBe(200);
    const again = await sendVcode(t, '10.4.0.2', '13944440001');
    expect(again.statusCode).toBe(429);
    expect(again.body.msgs[0]).toMatch(/^Too many codes for this phone number, please try again in \d+ seconds$/);
    expect((await sendVcode(t, '10.4.0.2', '13944440001', { lang: 'china1' })).body.msgs[0]).toMatch(
      /^该手机号获取验证码过于频繁，请\d+秒后再试$/,
    );
    expect((await sendVcode(t, '10.4.0.2', '13944440001', { lang: 'china2' })).body.msgs[0]).toMatch(
      /^該手機號碼取得驗證碼過於頻繁，請\d+秒後再試$/,
    );
  });

  it('limits one client over many numbers, even when it rotates X-Forwarded-For', async () => {
    const phones = Array.from({ length: SMS_LIMITS.client.max + 1 }, (_, i) => `1395555${String(i).padStart(4, '0')}`);
    for (const regNo of phones) await t.createAccount({ regNo, roleId: 5 });
    const answers: Answer[] = [];
    for (const [i, phone] of phones.entries()) answers.push(await sendVcode(t, '10.4.0.3', phone, { forwarded: `7.7.7.${i}` }));
    expect(answers.slice(0, -1).every((a) => a.body.status === 200)).toBe(true);
    const last = answers.at(-1);
    expect(last?.statusCode).toBe(429);
    expect(last?.body.msgs[0]).toMatch(/^Too many attempts, please try again in \d+ seconds$/);
    expect(outboxCode(t.config.dataDir, phones.at(-1) as string)).toBeUndefined();
  });
});

describe.each(LIMITER_BACKENDS)('SMS daily cap ($name counters)', ({ redisUrl }) => {
  const CAP = 3;
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ config: { REDIS_URL: redisUrl, SMS_DAILY_CAP: CAP } });
  });
  afterAll(async () => t.close());

  it("stops sending at the day's cap, but still sends the administrator's code after the right password", async () => {
    await t.createAccount({ regNo: '13966660000', password: 'Admin123', roleId: 1 });
    // A stranger spends the administrator's number budget and then the day's cap.
    expect((await from(t, '10.5.0.66', '/sendVcodeAdmin?phoneNumber=13966660000')).body.status).toBe(200);
    expect((await from(t, '10.5.0.66', '/sendVcodeAdmin?phoneNumber=13966660000')).statusCode).toBe(429);
    for (let i = 1; i < CAP; i++) {
      await t.createAccount({ regNo: `1396666000${i}`, roleId: 5 });
      expect((await sendVcode(t, `10.5.0.${i}`, `1396666000${i}`)).body.status).toBe(200);
    }
    await t.createAccount({ regNo: '13966660009', roleId: 5 });
    const capped = await sendVcode(t, '10.5.0.9', '13966660009');
    expect(capped.statusCode).toBe(429);
    expect(capped.body.msgs).toEqual(['The daily SMS limit has been reached, please try again tomorrow']);
    expect((await sendVcode(t, '10.5.0.9', '13966660009', { lang: 'china1' })).body.msgs).toEqual(['今日短信发送量已达上限，请明天再试']);

    // The administrator, from its own address: password, code, sign-in.
    const form = { username: '13966660000', password: 'Admin123', vcode: 'x', roleId: 1 };
    expect((await from(t, '10.5.0.1', '/login', { form })).body.status).toBe(205);
    expect((await from(t, '10.5.0.1', '/sendVcodeAdmin?phoneNumber=13966660000')).body.status).toBe(200);
    const dx = outboxCode(t.config.dataDir, '13966660000') as string;
    expect((await from(t, '10.5.0.1', '/login', { form: { ...form, dx } })).body.status).toBe(200);
    // Without the password, the stranger still gets nothing.
    expect((await from(t, '10.5.0.67', '/sendVcodeAdmin?phoneNumber=13966660000')).statusCode).toBe(429);
  });
});
