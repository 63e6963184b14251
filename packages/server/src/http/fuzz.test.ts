import { allRoutes, type RouteDef } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseInput, databaseDigest, demoApp, type FormValue, fieldsOf, variantsOf } from '../test/fuzz.ts';
import type { TestApp } from '../test/harness.ts';
import { multipartBody } from '../test/multipart.ts';

/** What a database error looks like when it leaks into an answer. */
const DB_LEAK = /out of range|invalid byte sequence|violates|too long for type|invalid input syntax|SQLSTATE|relation "/i;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  ({ t, admin } = await demoApp());
}, 120_000);
afterAll(() => t?.close());

async function send(route: RouteDef, input: Record<string, FormValue>, token?: string) {
  const headers: Record<string, string> = { 'x-lang': 'english', ...(token ? { token } : {}) };
  const url = `/api${route.path}`;
  if (route.method === 'GET') return t.app.inject({ method: 'GET', url, query: input, headers });
  if (route.kind === 'multipart') {
    const { payload, contentType } = multipartBody(input, []);
    return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, 'content-type': contentType } });
  }
  const form = new URLSearchParams(Object.entries(input).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => [k, x])));
  return t.app.inject({
    method: 'POST',
    url,
    payload: form.toString(),
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** One test per class of value the database refuses (issue 9 §3): each answers 400 with its message, and nothing changes. */
const login = (data: Record<string, unknown>) =>
  t.post('/login', { username: '13900000004', password: 'Demo1234', vcode: 'x', roleId: 4, ...data });

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

describe('malformed requests on every route of the table', () => {
  it('answer no 5xx, leak no database error and change nothing when refused', async () => {
    const failures: string[] = [];
    const changed: string[] = [];
    let sent = 0;
    let checkedGroups = 0;
    let before: string | undefined;
    for (const route of allRoutes()) {
      const base = baseInput(route);
      const callers = route.access === 'public' ? [admin, undefined] : [admin];
      for (const [field, schema] of Object.entries(fieldsOf(route.input)).filter(([k]) => k !== '_t')) {
        // Throttles count refused sign-ins: start every field with clean counters so each variant reaches the checks.
        await t.db.deleteFrom('rate_limit').execute();
        before ??= await databaseDigest(t.db);
        let accepted = false;
        for (const token of callers) {
          for (const variant of variantsOf(schema)) {
            const input: Record<string, FormValue> = { ...base };
            if (variant === undefined) delete input[field];
            else input[field] = variant;
            sent++;
            const shown =
              typeof variant === 'string' && variant.length > 40 ? `${variant.slice(0, 20)}…(${variant.length})` : JSON.stringify(variant);
            const where = `${route.method} ${route.path} ${field}=${shown}${token ? '' : ' (no token)'}`;
            const res = await send(route, input, token).catch((e: Error) => e);
            if (res instanceof Error) failures.push(`threw ${where}: ${res.message}`);
            else if (res.statusCode >= 500) failures.push(`${res.statusCode} ${where}`);
            else if (route.kind !== 'raw' && DB_LEAK.test(res.body)) failures.push(`leak ${where}: ${res.body.slice(0, 200)}`);
            else if (res.statusCode < 400) accepted = true;
          }
        }
        // A group where some variant was a valid value may change rows legitimately; the others must not.
        const after = await databaseDigest(t.db);
        if (!accepted) {
          checkedGroups++;
          if (after !== before) changed.push(`${route.method} ${route.path} ${field}`);
        }
        before = after;
      }
    }
    console.log(`fuzz: ${sent} requests on ${allRoutes().length} routes, ${checkedGroups} all-refused field groups checked for changes`);
    expect(failures, `${failures.length} of ${sent} requests failed:\n${failures.join('\n')}`).toEqual([]);
    expect(changed).toEqual([]);
  }, 1_800_000); // a guard against a hang only: a few minutes on an idle machine, far more on a loaded one
});
