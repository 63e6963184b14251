import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/harness.ts';
import { kit, phone } from './test-kit.ts';

let t: TestApp;
let k: ReturnType<typeof kit>;
beforeAll(async () => {
  t = await testApp();
  k = kit(t);
});
afterAll(async () => t.close());

async function enterprise() {
  const regNo = phone();
  const company = await t.createCommunity(`Co ${regNo}`, 1);
  await t.db.updateTable('community').set({ reg_no: regNo }).where('id', '=', company).execute();
  const boss = await k.session(10, [company], { regNo });
  return { ...boss, regNo, company };
}

describe('getManagerByRegno', () => {
  it('tells whether the new phone is an administrator or already an enterprise; only for role 10', async () => {
    const boss = await enterprise();
    const adminNo = phone();
    await k.account(1, [], { regNo: adminNo });
    const res = await t.get('/account/getManagerByRegno', { regNo: adminNo }, boss.token);
    expect(res.body.content).toEqual({ regNo: adminNo, admin: true, taken: false });
    const bad = await t.get('/account/getManagerByRegno', { regNo: '123' }, boss.token);
    expect(bad.body.msgs).toEqual(['Please enter a valid phone number']);
    const manager = await k.session(4, []);
    const refused = await t.get('/account/getManagerByRegno', { regNo: adminNo }, manager.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.body.msgs).toEqual(['Only enterprise accounts can be migrated']);
  });
});

describe('transferAccount', () => {
  it('refuses each broken rule and changes nothing', async () => {
    const boss = await enterprise();
    const adminNo = phone();
    await k.account(1, [], { regNo: adminNo });
    const other = await enterprise();
    const cases: [Record<string, unknown>, string][] = [
      [{ regNo: '' }, 'Please enter phone number'],
      [{ regNo: '12345' }, 'Please enter a valid phone number'],
      [
        { password: '1abcdefg', confirmPassword: '1abcdefg' },
        'The password must start with a letter and be 6 to 10 letters, digits, - or _',
      ],
      [{ confirmPassword: 'Other123' }, 'The two passwords are inconsistent'],
      [{ regNo: adminNo }, 'The new account cannot be an existing administrator account'],
      [{ regNo: other.regNo }, 'This phone number already has an enterprise account'],
      [{ regNo: boss.regNo }, 'The new account is the same as the current one'],
    ];
    for (const [over, message] of cases) {
      const res = await t.post(
        '/account/transferAccount',
        { regNo: phone(), password: 'Move1234', confirmPassword: 'Move1234', ...over },
        boss.token,
      );
      expect(res.statusCode, message).toBe(400);
      expect(res.body.msgs, message).toContain(message);
    }
    expect((await k.row(boss.id))?.reg_no).toBe(boss.regNo);
    expect((await t.get('/getSession', {}, boss.token)).statusCode).toBe(200);
    const manager = await k.session(4, []);
    expect(
      (await t.post('/account/transferAccount', { regNo: phone(), password: 'Move1234', confirmPassword: 'Move1234' }, manager.token))
        .statusCode,
    ).toBe(403);
  });

  it('moves the enterprise to the new phone, ends the old sessions, and the new account signs in', async () => {
    const boss = await enterprise();
    const second = await t.tokenFor(boss.id);
    const newNo = phone();
    const res = await t.post('/account/transferAccount', { regNo: newNo, password: 'Move1234', confirmPassword: 'Move1234' }, boss.token);
    expect(res.body.status).toBe(200);
    expect(res.body.msgs).toEqual(['Account migrated, please sign in with the new account']);
    expect((await t.get('/getSession', {}, boss.token)).statusCode).toBe(401);
    expect((await t.get('/getSession', {}, second)).statusCode).toBe(401);
    const company = await t.db.selectFrom('community').select('reg_no').where('id', '=', boss.company).executeTakeFirstOrThrow();
    expect(company.reg_no).toBe(newNo);
    const login = await t.post('/login', { username: newNo, password: 'Move1234', vcode: 'x', roleId: 10 });
    expect(login.body.status).toBe(200);
    const old = await t.post('/login', { username: boss.regNo, password: 'Move1234', vcode: 'x', roleId: 10 });
    expect(old.body.status).toBe(400);
    const log = await t.lastOpLog();
    expect(log?.content).toContain(newNo);
    expect(JSON.stringify(log?.detail)).not.toContain('Move1234');
  });
});
