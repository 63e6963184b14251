import { type CompiledQuery, type Expression, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from './index.ts';

/** Up to this many matching rows a list's total is exact; beyond it, the planner's estimate. */
export const COUNT_CAP = 100_000;

/** A query selecting a constant per matching row (`q.select(sql\`1\`.as('x'))`). */
interface Countable {
  limit(n: number): Expression<unknown>;
  compile(): CompiledQuery;
}

/** How many rows `ones` matches, counting at most `cap + 1` of them (so a huge match costs no more than the cap). */
export async function cappedCount(db: Db, ones: { limit(n: number): Expression<unknown> }, cap: number): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from (${ones.limit(cap + 1)}) c`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * A total that stays cheap on 10M+ rows: an exact count up to `cap` (100k unless a list
 * asks for less); beyond it, the planner's estimate (never below the cap), flagged as such.
 */
export async function cheapTotal(db: Db, ones: Countable, cap = COUNT_CAP): Promise<{ total: number; estimated: boolean }> {
  const n = await cappedCount(db, ones, cap);
  if (n <= cap) return { total: n, estimated: false };
  const compiled = ones.compile();
  const text = compiled.sql.replace(/\$(\d+)/g, (_, i: string) => literal(compiled.parameters[Number(i) - 1]));
  const plan = await sql<{ 'QUERY PLAN': unknown }>`explain (format json) ${sql.raw(text)}`.execute(db);
  const raw = plan.rows[0]?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return { total: Math.max(cap, Math.round(parsed[0]?.Plan['Plan Rows'] ?? cap)), estimated: true };
}

/**
 * One screen of a long list: the cheap total of the filtered query `q` beside the
 * screen's rows (from row `page × rows`, in the asked order), each presented. Both
 * statements run at once (two connections on PostgreSQL).
 */
export async function cheapPage<DB, TB extends keyof DB, O, R, P>(
  db: Db,
  q: SelectQueryBuilder<DB, TB, O>,
  paging: { page: number; rows: number; cap?: number },
  desc: boolean,
  rows: (q: SelectQueryBuilder<DB, TB, O>, desc: boolean, after: null, limit: number, offset: number) => Promise<R[]>,
  present: (r: R) => P,
): Promise<{ total: number; estimated: boolean; rows: P[] }> {
  const [{ total, estimated }, raw] = await Promise.all([
    cheapTotal(db, q.select(sql<number>`1`.as('x')), paging.cap),
    rows(q, desc, null, paging.rows, paging.page * paging.rows),
  ]);
  return { total, estimated, rows: raw.map(present) };
}

function literal(v: unknown): string {
  if (v instanceof Date) return `'${v.toISOString()}'`;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return `'${String(v).replace(/'/g, "''")}'`;
}
