import { type OrderByItemBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { pageAndTotal } from './sql.ts';

/** What a small sortable list asks for: 0-based page, rows, and optionally a sort field and direction. */
export interface SortedPageIn<S extends string> {
  page: number;
  rows: number;
  sort?: S;
  order?: 'asc' | 'desc';
}

/**
 * One page of a small list with its exact total: sorted by the column of the field the user chose
 * (`columns[sort]`), or else by `otherwise` (`otherwiseOrder`), ties broken by `tie`.
 */
export async function sortedPage<DB, TB extends keyof DB, O, S extends string>(
  q: SelectQueryBuilder<DB, TB, O>,
  i: SortedPageIn<S>,
  columns: Record<S, string>,
  tie: string,
  otherwise: string,
  otherwiseOrder?: 'desc',
): Promise<{ rows: O[]; total: number }> {
  const sorted = i.sort
    ? q.orderBy(sql.ref(columns[i.sort]), i.order === 'desc' ? 'desc' : 'asc')
    : q.orderBy(sql.ref(otherwise), otherwiseOrder);
  return pageAndTotal(
    q,
    sorted
      .orderBy(sql.ref(tie))
      .limit(i.rows)
      .offset(i.page * i.rows),
  );
}

/** `q`'s page in the order asked: by the column of `i.sort` (else of `fallback`), ties by `tie` in the same direction. */
export function pageInOrder<DB, TB extends keyof DB, O, S extends string>(
  q: SelectQueryBuilder<DB, TB, O>,
  i: SortedPageIn<S>,
  columns: Record<S, string>,
  fallback: S,
  tie: string,
): SelectQueryBuilder<DB, TB, O> {
  const direction = i.order ?? 'asc';
  return q
    .orderBy(sql.ref(columns[i.sort ?? fallback]), direction)
    .orderBy(sql.ref(tie), direction)
    .limit(i.rows)
    .offset(i.page * i.rows);
}

/** An order modifier where a column's nulls (never seen, no serial) sort as its smallest values: first ascending, last descending. */
export const nullsSmallest =
  (order: 'asc' | 'desc' | undefined) =>
  (ob: OrderByItemBuilder): OrderByItemBuilder =>
    order === 'desc' ? ob.desc().nullsLast() : ob.asc().nullsFirst();
