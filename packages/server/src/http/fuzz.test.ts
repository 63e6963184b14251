import { allRoutes, type RouteDef } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../db/demo.ts';
import { baseInput, databaseDigest, type FormValue, fieldsOf, variantsOf } from '../test/fuzz.ts';
import { type TestApp, testApp } from '../test/harness.ts';
import { multipartBody } from '../test/multipart.ts';

/** What a database error looks like when it leaks into an answer. */
const DB_LEAK = /out of range|invalid byte sequence|violates|too long for type|invalid input syntax|SQLSTATE|relation "/i;

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

async function send(route: RouteDef, input: Record<string, FormValue>, token?: string) {
  const headers: Record<string, string> = { 'x-lang': 'english', ...(token ? { token } : {}) };
  const url = `/api${route.path}`;
  if (route.method === 'GET') return t.app.inject({ method: 'GET', url, query: input, headers });
  if (route.kind === 'multipart') {
    const { payload, contentType } = multipartBody(input, []);
    return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, 'content-type': contentType } });
  }
  const form = new URLSearchParams(Object.entries(input).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => [k, x])));
  return t.app.inject({ method: 'POST', url, payload: form.toString(), headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' } });
}

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
            const shown = typeof variant === 'string' && variant.length > 40 ? `${variant.slice(0, 20)}…(${variant.length})` : JSON.stringify(variant);
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
