import { type CompiledQuery, type Expression, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from './index.ts';

/** Up to this many matching rows a list's total is exact; beyond it, the planner's estimate. */
export const COUNT_CAP = 10_000;

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

/** How long a filter's estimate is kept: the planner's figures change when the table is analyzed, not between two pages. */
export const ESTIMATE_KEPT_MS = 60_000;
const ESTIMATES_KEPT = 1000;
const estimates = new WeakMap<Db, Map<string, { total: number; at: number }>>();

/**
 * The planner's estimate of how many rows `ones` matches (never below the cap): a total beyond the
 * exact count. Kept per database and filter (the statement's text and values) for ESTIMATE_KEPT_MS,
 * so the next pages of a long list only count up to the cap: the EXPLAIN plans the whole statement
 * again (2 ms on the month-partitioned access log) after the count, in turn.
 */
async function planEstimate(db: Db, ones: Countable): Promise<{ total: number; estimated: true }> {
  const compiled = ones.compile();
  const text = compiled.sql.replace(/\$(\d+)/g, (_, i: string) => literal(compiled.parameters[Number(i) - 1]));
  const kept = estimates.get(db) ?? new Map<string, { total: number; at: number }>();
  estimates.set(db, kept);
  const known = kept.get(text);
  if (known && Date.now() - known.at < ESTIMATE_KEPT_MS) return { total: known.total, estimated: true };
  const plan = await sql<{ 'QUERY PLAN': unknown }>`explain (format json) ${sql.raw(text)}`.execute(db);
  const raw = plan.rows[0]?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  const total = Math.max(COUNT_CAP, Math.round(parsed[0]?.Plan['Plan Rows'] ?? COUNT_CAP));
  kept.delete(text);
  if (kept.size >= ESTIMATES_KEPT) kept.delete(kept.keys().next().value as string);
  kept.set(text, { total, at: Date.now() });
  return { total, estimated: true };
}

/**
 * A total that stays cheap on 10M+ rows: an exact count up to 10k; beyond it, the
 * planner's estimate (never below 10k), flagged as such (the list shows "about N").
 */
export async function cheapTotal(db: Db, ones: Countable): Promise<{ total: number; estimated: boolean }> {
  const n = await cappedCount(db, ones, COUNT_CAP);
  return n <= COUNT_CAP ? { total: n, estimated: false } : planEstimate(db, ones);
}

/**
 * For a filter that may match few rows of a big table: when it matches at most `under`
 * rows, the page is read from `from(q)` (the matches first, then ordered) instead of
 * walking the list's order and testing each row against the filter.
 */
export interface FewFirst<Q> {
  under: number;
  from: (q: Q) => Q;
}

/**
 * One screen of a long list: the cheap total of the filtered query `q` beside the
 * screen's rows (from row `page × rows`, in the asked order), each presented. Both
 * statements run at once (two connections on PostgreSQL), unless `few` is given: then
 * the total comes first and chooses how the rows are read.
 */
export async function cheapPage<DB, TB extends keyof DB, O, R, P>(
  db: Db,
  q: SelectQueryBuilder<DB, TB, O>,
  paging: { page: number; rows: number; few?: FewFirst<SelectQueryBuilder<DB, TB, O>> },
  desc: boolean,
  rows: (q: SelectQueryBuilder<DB, TB, O>, desc: boolean, after: null, limit: number, offset: number) => Promise<R[]>,
  present: (r: R) => P,
): Promise<{ total: number; estimated: boolean; rows: P[] }> {
  const ones = q.select(sql<number>`1`.as('x'));
  const offset = paging.page * paging.rows;
  const { few } = paging;
  if (few) {
    const n = await cappedCount(db, ones, COUNT_CAP);
    const [counted, raw] = await Promise.all([
      n <= COUNT_CAP ? { total: n, estimated: false } : planEstimate(db, ones),
      rows(n <= few.under ? few.from(q) : q, desc, null, paging.rows, offset),
    ]);
    return { ...counted, rows: raw.map(present) };
  }
  const [{ total, estimated }, raw] = await Promise.all([cheapTotal(db, ones), rows(q, desc, null, paging.rows, offset)]);
  return { total, estimated, rows: raw.map(present) };
}

function literal(v: unknown): string {
  if (v instanceof Date) return `'${v.toISOString()}'`;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return `'${String(v).replace(/'/g, "''")}'`;
}
