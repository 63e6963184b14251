import { msg } from '@gatehouse/contracts';
import { type CompiledQuery, type Expression, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { AuthCtx } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { parseDateTime } from '../../http/dates.ts';

const COUNT_CAP = 100_000;
const BATCH = 2000;

/** A query selecting a constant per matching row (`q.select(sql\`1\`.as('x'))`). */
interface Countable {
  limit(n: number): Expression<unknown>;
  compile(): CompiledQuery;
}

/**
 * A total that stays cheap on 10M+ rows (as the op log): an exact count up to 100k;
 * beyond it, the planner's estimate, flagged as such.
 */
export async function cheapTotal(db: Db, ones: Countable): Promise<{ total: number; estimated: boolean }> {
  const capped = await sql<{ n: number }>`select count(*)::int as n from (${ones.limit(COUNT_CAP + 1)}) c`.execute(db);
  const n = Number(capped.rows[0]?.n ?? 0);
  if (n <= COUNT_CAP) return { total: n, estimated: false };
  const compiled = ones.compile();
  const text = compiled.sql.replace(/\$(\d+)/g, (_, i: string) => literal(compiled.parameters[Number(i) - 1]));
  const plan = await sql<{ 'QUERY PLAN': unknown }>`explain (format json) ${sql.raw(text)}`.execute(db);
  const raw = plan.rows[0]?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return { total: Math.max(COUNT_CAP, Math.round(parsed[0]?.Plan['Plan Rows'] ?? COUNT_CAP)), estimated: true };
}

/** A long list's order: newest first unless `asc` is asked for. */
export const isDesc = (order: 'asc' | 'desc' | undefined): boolean => (order ?? 'desc') === 'desc';

/**
 * One screen of a long list: the cheap total of the filtered query `q` beside the
 * screen's rows (from row `page × rows`, in the asked order), each presented.
 */
export async function cheapPage<DB, TB extends keyof DB, O, R, P>(
  db: Db,
  q: SelectQueryBuilder<DB, TB, O>,
  paging: { page: number; rows: number },
  desc: boolean,
  rows: (q: SelectQueryBuilder<DB, TB, O>, desc: boolean, after: null, limit: number, offset: number) => Promise<R[]>,
  present: (r: R) => P,
): Promise<{ total: number; estimated: boolean; rows: P[] }> {
  const [{ total, estimated }, raw] = await Promise.all([
    cheapTotal(db, q.select(sql<number>`1`.as('x'))),
    rows(q, desc, null, paging.rows, paging.page * paging.rows),
  ]);
  return { total, estimated, rows: raw.map(present) };
}

/**
 * The handler of a long list's screen: the list's filtered query (`query`), then `cheapPage` over
 * it in the asked order (`desc`: newest first unless asked otherwise), each row presented.
 */
export function listScreen<I extends { order?: 'asc' | 'desc' }, DB, TB extends keyof DB, O, R, P>(
  query: (ctx: AuthCtx, input: I) => Promise<SelectQueryBuilder<DB, TB, O>>,
  rows: (q: SelectQueryBuilder<DB, TB, O>, desc: boolean, after: null, limit: number, offset: number) => Promise<R[]>,
  present: (ctx: AuthCtx, r: R) => P,
  desc: (order: 'asc' | 'desc' | undefined) => boolean = isDesc,
) {
  return async (input: I & { page: number; rows: number }, ctx: AuthCtx) =>
    cheapPage(ctx.db, await query(ctx, input), input, desc(input.order), rows, (r) => present(ctx, r));
}

function literal(v: unknown): string {
  if (v instanceof Date) return `'${v.toISOString()}'`;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return `'${String(v).replace(/'/g, "''")}'`;
}

/**
 * Streams rows by keyset paging: `page(after)` answers the next batch after the last
 * row (ordered by the list's sort key and id), so memory stays flat for a million rows.
 * The next batch is asked for as soon as one arrives (at most one batch ahead), so the
 * database works while the rows are written. The export's size is checked up front
 * (`assertExportable`), not cut here.
 */
export async function* keyset<R>(page: (after: R | null, limit: number) => Promise<R[]>): AsyncGenerator<R> {
  let next: Promise<R[]> | null = page(null, BATCH);
  try {
    while (next) {
      const batch: (R | undefined)[] = await next;
      const last = batch[batch.length - 1];
      next = batch.length < BATCH || last === undefined ? null : page(last, BATCH);
      for (let i = 0; i < batch.length; i++) {
        const r = batch[i] as R;
        // Each row let go once handed on, so the written ones can be collected while the batch is still being written.
        batch[i] = undefined;
        yield r;
      }
    }
  } finally {
    // Left early (the client went away): the batch asked for ahead is dropped.
    next?.catch(() => {});
  }
}

/**
 * Streams rows by keyset paging, each batch itself streamed (`page` answers the rows after
 * the last one as they are read: db `streamArrays`): one statement per `size` rows and no
 * batch held in memory, so a million-row export keeps only the rows about to be written.
 * Leaving early (the client went away) ends the batch's stream.
 */
export async function* keysetStream<R>(page: (after: R | null, limit: number) => AsyncIterable<R>, size: number): AsyncGenerator<R> {
  let after: R | null = null;
  for (;;) {
    let n = 0;
    for await (const r of page(after, size)) {
      n++;
      after = r;
      yield r;
    }
    if (n < size) return;
  }
}

/** Parses the date filters of a list; every unreadable one is a 400 naming its field. */
export function parseDates<K extends string>(
  tz: string,
  dates: { key: K; text?: string; field: string; end?: boolean }[],
): Partial<Record<K, Date>> {
  const out: Partial<Record<K, Date>> = {};
  const bad: string[] = [];
  for (const d of dates) {
    if (!d.text) continue;
    const v = parseDateTime(d.text, tz, d.end === true);
    if (v) out[d.key] = v;
    else bad.push(msg('v.invalid', { field: `@${d.field}` }));
  }
  if (bad.length) throw badRequest(...bad);
  return out;
}

/** A list's "from … to" date filter; a `to` without a time counts to the end of its day. */
export function parseRange(tz: string, from: { text?: string; field: string }, to: { text?: string; field: string }) {
  return parseDates(tz, [
    { key: 'from', ...from },
    { key: 'to', ...to, end: true },
  ]);
}
