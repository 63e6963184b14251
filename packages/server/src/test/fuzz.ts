import type { RouteDef } from '@gatehouse/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import { seedDemo } from '../demo/data.ts';
import type { Db } from '../db/index.ts';
import { type TestApp, testApp } from './harness.ts';

/** A form value as a browser or a hostile client can send it: one text or repeated texts. */
export type FormValue = string | string[];

type Def = { type: string; [k: string]: unknown };
const defOf = (s: unknown): Def => (s as { _zod: { def: Def } })._zod.def;

/** The fields of a route's input schema (through refinements and pipes). */
export function fieldsOf(schema: z.ZodType): Record<string, z.ZodType> {
  const s = schema as unknown as { shape?: Record<string, z.ZodType> };
  if (s.shape) return s.shape;
  const def = defOf(schema);
  if (def.type === 'pipe') return fieldsOf(def.in as z.ZodType);
  return {};
}

/** Plausible values tried in order for a field's base value: the first its own schema accepts wins. */
const CANDIDATES = [
  '1',
  '13900000001',
  '2026/01/01 00:00:00',
  '08:00',
  'Abc123',
  '[]',
  '{"start":"2026/01/01","end":"2026/01/31","timeOption":2}',
  'enable',
];

/** Every enum option found anywhere inside a schema (for fields no candidate fits). */
function enumOptions(s: unknown, depth = 0): string[] {
  if (!s || typeof s !== 'object' || depth > 6 || !('_zod' in s)) return [];
  const def = defOf(s);
  if (def.type === 'enum') return Object.values(def.entries as Record<string, string>).map(String);
  if (def.type === 'literal') return (def.values as unknown[]).map(String);
  return ['in', 'out', 'innerType', 'schema']
    .flatMap((k) => enumOptions(def[k], depth + 1))
    .concat(((def.options as unknown[]) ?? []).flatMap((o) => enumOptions(o, depth + 1)));
}

/** A value the field accepts on its own, or undefined when it accepts nothing we know. */
export function sampleValue(field: z.ZodType): string | undefined {
  return [...CANDIDATES, ...enumOptions(field)].find((c) => field.safeParse(c).success);
}

/** Valid-looking values for every field of a route (so that one broken field at a time reaches the handler). */
export function baseInput(route: RouteDef): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, f] of Object.entries(fieldsOf(route.input))) {
    if (k === '_t') continue;
    const v = sampleValue(f);
    if (v !== undefined) out[k] = v;
  }
  return out;
}

const entry = (v: unknown) => ({
  gateID: v,
  addressid: v,
  validfrom: '2026/01/01 00:00:00',
  validto: '2027/01/01 00:00:00',
  info: v,
  ResiLevel: v,
  bank: v,
  node: v,
  GateType: v,
});

/**
 * The malformed variants of every field (undefined: the field is left out): wrong types,
 * numbers beyond every column type, NUL bytes, a huge string and lists for scalars.
 */
const SCALAR_VARIANTS: readonly (FormValue | undefined)[] = [
  undefined,
  'abc',
  '-1',
  '40000',
  '2147483648',
  '-2147483649',
  '1.5',
  '9'.repeat(300),
  '1\u0000',
  'a\u0000b',
  'x'.repeat(200_000),
  ['1', '2'],
  ['a\u0000', 'b'],
];

/** Variants of JSON fields (agas, fas, lcls, jsonData): entries carrying the same, too many entries, the wrong shape. */
const JSON_VARIANTS: readonly FormValue[] = [
  '{"a":1}',
  JSON.stringify([entry(2147483648)]),
  JSON.stringify([entry('a\u0000b')]),
  JSON.stringify([entry('9'.repeat(300))]),
  JSON.stringify(Array.from({ length: 1001 }, () => entry(1))),
  JSON.stringify({ start: '2026/01/01\u0000', end: '2026/01/31', timeOption: 2147483648 }),
  '[1]',
];

/** The variants sent to one field: JSON ones only where the field takes JSON, plus its longest accepted texts. */
export function variantsOf(field: z.ZodType): (FormValue | undefined)[] {
  const json = sampleValue(field)?.startsWith('[') || sampleValue(field)?.startsWith('{');
  return [...SCALAR_VARIANTS, ...(json ? JSON_VARIANTS : []), ...longestAccepted(field)];
}

const LENGTHS = [5000, 2500, 1000, 500, 300, 200, 150, 100, 64, 50, 40, 20, 16, 15, 10, 8, 6, 4, 2];

/**
 * The longest texts a field accepts (of letters, of digits): a schema maximum longer than
 * its column would let such a value reach the database and be refused there.
 */
function longestAccepted(field: z.ZodType): string[] {
  return ['x', '9'].flatMap((ch) => {
    const n = LENGTHS.find((len) => field.safeParse(ch.repeat(len)).success);
    return n === undefined ? [] : [ch.repeat(n)];
  });
}

/** Tables that refused calls may legitimately touch: sessions (last seen), throttles, captchas, SMS attempts. */
const VOLATILE = new Set(['session', 'rate_limit', 'captcha', 'sms_code', 'kysely_migration', 'kysely_migration_lock']);

/** One digest of the content of every table of the schema (small test databases only). */
export async function databaseDigest(db: Db): Promise<string> {
  const tables = (
    await sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db)
  ).rows
    .map((r) => r.name)
    .filter((n) => !VOLATILE.has(n));
  const parts = tables.map(
    (n) => sql`select ${n} as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.table(n)} t`,
  );
  const rows = (await sql<{ name: string; digest: string }>`${sql.join(parts, sql` union all `)}`.execute(db)).rows;
  return rows
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((r) => `${r.name}:${r.digest}`)
    .join(',');
}

/** A fresh app with the demo data (so that ids lead to rows) and an administrator's token. */
export async function demoApp(): Promise<{ t: TestApp; admin: string }> {
  const t = await testApp();
  await seedDemo(t.db, t.config.dataDir);
  return { t, admin: (await t.signIn({ roleId: 1 })).token };
}
