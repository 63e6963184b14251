import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../db/demo.ts';
import { databaseDigest } from '../test/fuzz.ts';
import { type TestApp, testApp } from '../test/harness.ts';

/** One test per class of value the database refuses (issue 9 §3): each answers 400 with its message, and nothing changes. */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await testApp();
  await seedDemo(t.db, t.config.dataDir);
  admin = (await t.signIn({ roleId: 1 })).token;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const login = (data: Record<string, unknown>) => t.post('/login', { username: '13900000004', password: 'Demo1234', vcode: 'x', roleId: 4, ...data });

describe('values the database refuses are refused before it', () => {
  it('refuses integers beyond the column type: a smallint role, an int id, a smallint type', async () => {
    const role = await login({ roleId: 99999 });
    expect(role.statusCode).toBe(400);
    expect(role.body.msgs).toEqual(['role is invalid']);
    const id = await t.get('/card/getCardById', { id: 2147483648 }, admin);
    expect([id.statusCode, id.body.msgs]).toEqual([400, ['id is invalid']]);
    const type = await t.get('/community/getAllCommunities', { type: 40000 }, admin);
    expect([type.statusCode, type.body.msgs]).toEqual([400, ['type is invalid']]);
    const ids = await t.post('/card/batchDel', { ids: '1,2147483648' }, admin);
    expect(ids.statusCode).toBe(400);
  });

  it('refuses a NUL character in any text, public routes included', async () => {
    const roles = await t.get('/getRolesByRegNo', { regNo: '1\u0000' });
    expect([roles.statusCode, roles.body.msgs]).toEqual([400, ['account is invalid']]);
    const search = await t.get('/account/searchAccounts', { name: 'a\u0000b' }, admin);
    expect(search.statusCode).toBe(400);
  });

  it('answers a 300-digit account with the normal sign-in refusal', async () => {
    const res = await login({ username: '9'.repeat(300) });
    expect([res.statusCode, res.body.msgs]).toEqual([400, ['Wrong account or password']]);
  });

  it('bounds text without a column length, lists and JSON lists', async () => {
    const huge = await t.get('/community/getHomeCommunities', { name: 'x'.repeat(100_000) }, admin);
    expect(huge.statusCode).toBe(400);
    const before = await databaseDigest(t.db);
    const many = await t.post('/card/batchDel', { ids: Array.from({ length: 1001 }, (_, i) => i + 1).join(',') }, admin);
    expect([many.statusCode, many.body.msgs]).toEqual([400, ['selection can have at most 1000 entries']]);
    const entry = { gateID: 2147483648, validfrom: '2026/01/01 00:00:00', validto: '2027/01/01 00:00:00', info: 'a\u0000' };
    const agas = await t.post('/card/updateCardAddressInfo', { id: 1, agas: JSON.stringify([entry]) }, admin);
    expect(agas.statusCode).toBe(400);
    expect(await databaseDigest(t.db)).toBe(before);
  });

  it('refuses a list where one value is expected', async () => {
    const id = await t.get('/card/getCardById', { id: ['1', '2'] }, admin);
    expect([id.statusCode, id.body.msgs]).toEqual([400, ['id must be a number']]);
    // A text field answers its own catalogue message, not the validator's raw English.
    const name = await t.get('/account/searchAccounts', { name: ['a', 'b'] }, admin);
    expect([name.statusCode, name.body.msgs]).toEqual([400, ['name is invalid']]);
  });
});
