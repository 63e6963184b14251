import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxCode, type TestApp, testApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const login = (body: Record<string, unknown>, lang = 'english') => t.post('/login', body, undefined, { 'x-lang': lang });

describe('sign-in', () => {
  it('refuses an empty form with one message per broken rule, in the chosen language', async () => {
    const en = await login({});
    expect(en.statusCode).toBe(400);
    expect(en.body.status).toBe(400);
    expect(en.body.msgs).toEqual(['Please enter account', 'Please enter password', 'Please enter captcha', 'Please choose role']);
    const zh = await login({}, 'china1');
    expect(zh.body.msgs[0]).toBe('请输入账号');
    const tw = await login({}, 'china2');
    expect(tw.body.msgs[0]).toBe('請輸入帳號');
  });

  it('signs in a normal account and answers the session content', async () => {
    await t.createAccount({ regNo: '13911110001', password: 'Abc12345', roleId: 4, name: 'Manager' });
    const res = await login({ username: '13911110001', password: 'Abc12345', vcode: 'x', roleId: 4 });
    expect(res.body.status).toBe(200);
    const c = res.body.content as {
      token: string;
      defaultPath: string;
      menus: { path: string }[];
      user: { name: string; roleName: string };
    };
    expect(c.token.length).toBeGreaterThanOrEqual(22);
    expect(c.user.name).toBe('Manager');
    expect(c.user.roleName).toBe('Property supervisor');
    expect(c.defaultPath).toMatch(/^\//);
    expect(c.menus.length).toBeGreaterThan(0);
    const me = await t.get('/getSession', {}, c.token);
    expect(me.body.status).toBe(200);
    // only the hash of the token is stored
    const stored = await t.db.selectFrom('session').select('token_hash').execute();
    expect(stored.some((s) => s.token_hash === c.token)).toBe(false);
  });

  it('refuses a wrong password and a wrong role', async () => {
    await t.createAccount({ regNo: '13911110002', password: 'Abc12345', roleId: 5 });
    const wrong = await login({ username: '13911110002', password: 'nope', vcode: 'x', roleId: 5 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body.msgs).toEqual(['Wrong account or password']);
    const role = await login({ username: '13911110002', password: 'Abc12345', vcode: 'x', roleId: 4 });
    expect(role.body.status).toBe(400);
  });

  it('answers 203 with the phone for an inactive account, and activation with an SMS code lets it in', async () => {
    await t.createAccount({ regNo: '13911110003', password: 'Abc12345', roleId: 5, state: 0 });
    const res = await login({ username: '13911110003', password: 'Abc12345', vcode: 'x', roleId: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(203);
    expect(res.body.content).toEqual({ phoneNumber: '13911110003' });
    expect(res.body.msgs).toEqual(['The account is not activated']);
    expect((await t.get('/sendVcode', { phoneNumber: '13911110003' })).body.status).toBe(200);
    const code = outboxCode(t.config.dataDir, '13911110003');
    expect(code).toMatch(/^\d{6}$/);
    const bad = await t.post('/activeUser', { phoneNumber: '13911110003', vcode: '000000' === code ? '111111' : '000000' });
    expect(bad.body.status).toBe(400);
    const ok = await t.post('/activeUser', { phoneNumber: '13911110003', vcode: code });
    expect(ok.body.status).toBe(200);
    const again = await login({ username: '13911110003', password: 'Abc12345', vcode: 'x', roleId: 5 });
    expect(again.body.status).toBe(200);
  });

  it('asks administrators for an SMS code (205) and accepts the code from the outbox', async () => {
    await t.createAccount({ regNo: '13911110004', password: 'Abc12345', roleId: 1 });
    const first = await login({ username: '13911110004', password: 'Abc12345', vcode: 'x', roleId: 1 });
    expect(first.body.status).toBe(205);
    expect(first.body.msgs).toEqual(['The account login needs to verify the phone number']);
    await t.get('/sendVcodeAdmin', { phoneNumber: '13911110004' });
    const resend = await t.get('/sendVcodeAdmin', { phoneNumber: '13911110004' });
    expect(resend.statusCode).toBe(429);
    expect(resend.body.msgs[0]).toMatch(/Too many codes for this phone number, please try again in \d+ seconds/);
    const code = outboxCode(t.config.dataDir, '13911110004');
    const ok = await login({ username: '13911110004', password: 'Abc12345', vcode: 'x', roleId: 1, dx: code });
    expect(ok.body.status).toBe(200);
  });

  it('locks an account after repeated failures with a clear message, not a 500', async () => {
    await t.createAccount({ regNo: '13911110005', password: 'Abc12345', roleId: 5 });
    for (let i = 0; i < 10; i++) await login({ username: '13911110005', password: 'bad', vcode: 'x', roleId: 5 });
    const locked = await login({ username: '13911110005', password: 'Abc12345', vcode: 'x', roleId: 5 });
    expect(locked.statusCode).toBe(429);
    expect(locked.body.msgs[0]).toMatch(/try again in \d+ seconds/);
  });

  it('lists the roles of a phone for the role select', async () => {
    await t.createAccount({ regNo: '13911110006', roleId: 4 });
    await t.createAccount({ regNo: '13911110006', roleId: 7 });
    const res = await t.get<{ intValue: number }[]>('/getRolesByRegNo', { regNo: '13911110006' });
    expect(res.body.content.map((r) => r.intValue)).toEqual([4, 7]);
  });
});

describe('session', () => {
  it('answers 401 without a token and after logout', async () => {
    expect((await t.get('/getSession')).statusCode).toBe(401);
    const { token } = await t.signIn({ roleId: 5 });
    expect((await t.get('/getSession', {}, token)).statusCode).toBe(200);
    expect((await t.get('/logout/logout', {}, token)).body.status).toBe(200);
    const after = await t.get('/getSession', {}, token);
    expect(after.statusCode).toBe(401);
    expect(after.body.status).toBe(401);
  });

  it('switches community only inside the scope', async () => {
    const mine = await t.createCommunity('Mine');
    const other = await t.createCommunity('Other');
    const { id, token } = await t.signIn({ roleId: 5 });
    await t.db.insertInto('account_community').values({ account_id: id, community_id: mine }).execute();
    const ok = await t.get('/updateCommunityId', { communityId: mine }, token);
    expect(ok.body.content).toEqual({ communityId: mine, communityName: 'Mine' });
    const refused = await t.get('/updateCommunityId', { communityId: other }, token);
    expect(refused.statusCode).toBe(403);
    const homes = await t.get<{ name: string }[]>('/community/getHomeCommunities', {}, token);
    expect(homes.body.content.map((c) => c.name)).toEqual(['Mine']);
  });

  it('keeps the language on the session and renders messages in it', async () => {
    const { token } = await t.signIn({ roleId: 5 }, 'en');
    await t.get('/setLanguage', { type: 'china2' }, token);
    const res = await t.post('/account/updatePwd', {}, token);
    expect(res.body.msgs[0]).toBe('請輸入舊密碼');
  });
});

describe('password and basic info', () => {
  it('changes the password with the rules of 000 §5 and revokes the session', async () => {
    const { token } = await t.signIn({ roleId: 5, password: 'Old12345' });
    const same = await t.post('/account/updatePwd', { oldPwd: 'Old12345', pwd: 'Old12345', confirmPwd: 'Old12345' }, token);
    expect(same.body.msgs).toContain('The new password cannot be the same as the old password');
    const pattern = await t.post('/account/updatePwd', { oldPwd: 'Old12345', pwd: '1abcdef', confirmPwd: '1abcdef' }, token);
    expect(pattern.body.msgs).toContain('The password must start with a letter and be 6 to 10 letters, digits, - or _');
    const mismatch = await t.post('/account/updatePwd', { oldPwd: 'Old12345', pwd: 'New12345', confirmPwd: 'New12346' }, token);
    expect(mismatch.body.msgs).toContain('Twice new password are inconsistent!');
    const wrongOld = await t.post('/account/updatePwd', { oldPwd: 'Wrong123', pwd: 'New12345', confirmPwd: 'New12345' }, token);
    expect(wrongOld.body.msgs).toEqual(['The old password is wrong']);
    const ok = await t.post('/account/updatePwd', { oldPwd: 'Old12345', pwd: 'New12345', confirmPwd: 'New12345' }, token);
    expect(ok.body.status).toBe(200);
    expect((await t.get('/getSession', {}, token)).statusCode).toBe(401);
    const log = await t.lastOpLog();
    expect(log?.name2).toBe('account');
    expect(JSON.stringify(log?.detail)).not.toContain('New12345');
  });

  it('refuses administrators', async () => {
    const { token } = await t.signIn({ roleId: 1 });
    const res = await t.post('/account/updatePwd', { oldPwd: 'Test1234', pwd: 'New12345', confirmPwd: 'New12345' }, token);
    expect(res.statusCode).toBe(403);
    expect(res.body.msgs).toEqual(['The administrator is not allowed to change the password']);
  });

  it('edits basic info with the phone rule and writes the op log with before and after', async () => {
    const { id, token } = await t.signIn({ roleId: 5, regNo: '13911110099', name: 'Before' });
    const bad = await t.post('/account/updateBaseInfo', { userid: id, regNo: '123', name: 'x'.repeat(16) }, token);
    expect(bad.body.msgs).toEqual(['Please enter a valid phone number', 'name cannot exceed 15 characters']);
    const ok = await t.post('/account/updateBaseInfo', { userid: id, regNo: '13911110098', name: 'After' }, token);
    expect(ok.body.status).toBe(200);
    const log = await t.lastOpLog();
    expect(log?.detail).toEqual({ before: { regNo: '13911110099', name: 'Before' }, after: { regNo: '13911110098', name: 'After' } });
  });
});

describe('forgot password', () => {
  it('validates the code, then resets the password', async () => {
    await t.createAccount({ regNo: '13911110020', password: 'Old12345', roleId: 5 });
    const unknown = await t.get('/sendVcode', { phoneNumber: '13911119999' });
    // Answered as for a registered number (no SMS is sent): the answer does not tell who has an account.
    expect(unknown.body.msgs).toEqual(['If this phone number is registered, the code has been sent']);
    expect(outboxCode(t.config.dataDir, '13911119999')).toBeUndefined();
    await t.get('/sendVcode', { phoneNumber: '13911110020' });
    const code = outboxCode(t.config.dataDir, '13911110020') as string;
    expect((await t.get('/validatePhoVcode', { phoneNumber: '13911110020', vcode: code })).body.status).toBe(200);
    const mismatch = await t.post('/resetPwd', { phoneNumber: '13911110020', vcode: code, pwd: 'New12345', confirmPwd: 'New1' });
    expect(mismatch.body.msgs).toEqual(['The two passwords are inconsistent']);
    const ok = await t.post('/resetPwd', { phoneNumber: '13911110020', vcode: code, pwd: 'New12345', confirmPwd: 'New12345' });
    expect(ok.body.status).toBe(200);
    const res = await login({ username: '13911110020', password: 'New12345', vcode: 'x', roleId: 5 });
    expect(res.body.status).toBe(200);
  });
});

describe('contract', () => {
  it('describes every route in openapi.json and answers health', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    expect(doc.paths['/api/login']?.post?.operationId).toBe('session.login');
    expect(doc.paths['/api/account/updatePwd']?.post?.operationId).toBe('account.updatePwd');
    expect((await t.get('/health')).body.content).toMatchObject({ ok: true });
  });

  it('answers an unknown call with a 404 envelope and sets security headers', async () => {
    const res = await t.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404 });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});
