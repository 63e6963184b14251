import { RECOVERY_CODE, type TotpEnrolment, type TotpState } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxCode, type TestApp, testApp } from '../../test/harness.ts';
import { totpAt } from '../../test/totp-code.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const STEP_MS = 30_000;
let seq = 0;
const adminPhone = () => {
  seq += 1;
  return `1391234${String(seq).padStart(4, '0')}`;
};
const login = (username: string, dx?: string) =>
  t.post('/login', { username, password: 'Abc12345', vcode: 'x', roleId: 1, ...(dx ? { dx } : {}) });
/** A code that is never the right one for this moment. */
const wrongCode = (secret: string) => (totpAt(secret, Date.now()) === '000000' ? '111111' : '000000');

/** An administrator with a confirmed authenticator: its phone, token, secret and recovery codes. */
async function enrolled() {
  const regNo = adminPhone();
  const id = await t.createAccount({ regNo, password: 'Abc12345', roleId: 1 });
  const token = await t.tokenFor(id);
  const start = await t.post<TotpEnrolment>('/totp/startTotp', {}, token);
  const { secret } = start.body.content;
  const confirm = await t.post<{ recoveryCodes: string[] }>('/totp/confirmTotp', { code: totpAt(secret, Date.now()) }, token);
  expect(confirm.body.status).toBe(200);
  return { id, regNo, token, secret, codes: confirm.body.content.recoveryCodes };
}

describe('authenticator enrolment (profile dialog)', () => {
  it('refuses callers without a session and accounts that are not administrators', async () => {
    expect((await t.get('/totp/getTotpState', {})).statusCode).toBe(401);
    const manager = await t.signIn({ roleId: 4 });
    for (const res of [
      await t.get('/totp/getTotpState', {}, manager.token),
      await t.post('/totp/startTotp', {}, manager.token),
      await t.post('/totp/confirmTotp', { code: '123456' }, manager.token),
    ]) {
      expect([res.statusCode, res.body.msgs]).toEqual([403, ['Only administrators can set up an authenticator']]);
    }
    expect(await t.db.selectFrom('account_totp').select('account_id').where('account_id', '=', manager.id).execute()).toEqual([]);
  });

  it('enrols with a real TOTP code: QR and URI once, wrong codes refused, recovery codes shown once and stored hashed', async () => {
    const admin = await t.signIn({ roleId: 1, regNo: adminPhone() });
    expect((await t.get<TotpState>('/totp/getTotpState', {}, admin.token)).body.content).toEqual({ enabled: false, recoveryLeft: 0 });
    expect((await t.post('/totp/confirmTotp', { code: '123456' }, admin.token)).body.msgs).toEqual(['Start the set-up first']);
    const start = await t.post<TotpEnrolment>('/totp/startTotp', {}, admin.token);
    const { secret, uri, qr } = start.body.content;
    expect(new URL(uri).searchParams.get('secret')).toBe(secret);
    expect(qr).toMatch(/^data:image\/png;base64,/);
    const bad = await t.post('/totp/confirmTotp', { code: wrongCode(secret) }, admin.token);
    expect([bad.statusCode, bad.body.msgs]).toEqual([400, ['Wrong authenticator code']]);
    const malformed = await t.post('/totp/confirmTotp', { code: '12ab' }, admin.token);
    expect(malformed.body.msgs).toEqual(['authenticator code must be 6 characters']);
    expect((await t.get<TotpState>('/totp/getTotpState', {}, admin.token)).body.content.enabled).toBe(false);

    const ok = await t.post<{ recoveryCodes: string[] }>('/totp/confirmTotp', { code: totpAt(secret, Date.now()) }, admin.token);
    expect(ok.body.msgs).toEqual(['Authenticator enabled']);
    const codes = ok.body.content.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(RECOVERY_CODE);
    expect(await t.lastOpLog()).toMatchObject({ name2: 'account', account_id: admin.id });
    const state = await t.get<TotpState>('/totp/getTotpState', {}, admin.token);
    expect(state.body.content).toEqual({ enabled: true, recoveryLeft: 10 });
    expect(JSON.stringify(state.body)).not.toContain(secret);
    const again = await t.post('/totp/startTotp', {}, admin.token);
    expect([again.statusCode, again.body.msgs]).toEqual([409, ['The authenticator is already enabled']]);
    const stored = await t.db.selectFrom('account_recovery_code').select('code_hash').where('account_id', '=', admin.id).execute();
    expect(stored.map((r) => r.code_hash).some((h) => codes.some((c) => h.includes(c)))).toBe(false);
  });
});

describe('administrator sign-in with the authenticator', () => {
  it('offers the authenticator at the 205 step and accepts a current TOTP code once', async () => {
    const a = await enrolled();
    const first = await login(a.regNo);
    expect([first.body.status, first.body.content]).toEqual([205, { phoneNumber: a.regNo, totp: true }]);
    const code = totpAt(a.secret, Date.now() + STEP_MS);
    const ok = await login(a.regNo, code);
    expect(ok.body.status).toBe(200);
    const replay = await login(a.regNo, code);
    expect([replay.statusCode, replay.body.msgs]).toEqual([400, ['Wrong or expired code (SMS code, authenticator code or recovery code)']]);
  });

  it('accepts each recovery code once', async () => {
    const a = await enrolled();
    const [code] = a.codes;
    expect((await login(a.regNo, code)).body.status).toBe(200);
    expect((await login(a.regNo, code)).statusCode).toBe(400);
    expect((await t.get<TotpState>('/totp/getTotpState', {}, a.token)).body.content.recoveryLeft).toBe(9);
  });

  it("still accepts the SMS code (the spec's default step)", async () => {
    const a = await enrolled();
    await t.get('/sendVcodeAdmin', { phoneNumber: a.regNo });
    expect((await login(a.regNo, outboxCode(t.config.dataDir, a.regNo))).body.status).toBe(200);
  });

  it('stops answering after five wrong codes, even a right one (429)', async () => {
    const a = await enrolled();
    for (let i = 0; i < 5; i++) expect((await login(a.regNo, wrongCode(a.secret))).statusCode).toBe(400);
    const locked = await login(a.regNo, totpAt(a.secret, Date.now() + STEP_MS));
    expect(locked.statusCode).toBe(429);
  });

  it('checks at most five answers of a burst: each is counted before it is checked', async () => {
    const a = await enrolled();
    const burst = await Promise.all(Array.from({ length: 12 }, () => login(a.regNo, wrongCode(a.secret))));
    expect(burst.filter((r) => r.statusCode === 400)).toHaveLength(5);
    expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(7);
    expect(String(burst.find((r) => r.statusCode === 429)?.headers['retry-after'])).toMatch(/^\d+$/);
  });

  it('keeps the SMS step alone for administrators without an authenticator', async () => {
    const regNo = adminPhone();
    await t.createAccount({ regNo, password: 'Abc12345', roleId: 1 });
    expect((await login(regNo)).body.content).toEqual({ phoneNumber: regNo, totp: false });
    expect((await login(regNo, '123456')).body.msgs).toEqual(['Wrong or expired SMS code']);
  });
});

describe('disabling the authenticator', () => {
  it('needs a current code or the password; afterwards only the SMS step remains', async () => {
    const a = await enrolled();
    expect((await t.post('/totp/disableTotp', {}, a.token)).body.msgs).toEqual(['Enter a current authenticator code or your password']);
    const wrong = await t.post('/totp/disableTotp', { password: 'Wrong999' }, a.token);
    expect([wrong.statusCode, wrong.body.msgs]).toEqual([400, ['Wrong code or password']]);
    expect((await t.get<TotpState>('/totp/getTotpState', {}, a.token)).body.content.enabled).toBe(true);
    const ok = await t.post('/totp/disableTotp', { password: 'Abc12345' }, a.token);
    expect(ok.body.msgs).toEqual(['Authenticator disabled']);
    expect((await login(a.regNo)).body.content).toEqual({ phoneNumber: a.regNo, totp: false });
    expect((await login(a.regNo, a.codes[1])).statusCode).toBe(400);
    expect((await t.post('/totp/disableTotp', { password: 'Abc12345' }, a.token)).body.msgs).toEqual(['The authenticator is not enabled']);
  });

  it('accepts a current authenticator code as proof', async () => {
    const a = await enrolled();
    const res = await t.post('/totp/disableTotp', { code: totpAt(a.secret, Date.now() + STEP_MS) }, a.token);
    expect(res.body.status).toBe(200);
    expect(await t.db.selectFrom('account_recovery_code').select('id').where('account_id', '=', a.id).execute()).toEqual([]);
  });
});
