import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';

/**
 * The keyset condition "after this row" over (sort column, id), written as a row
 * comparison so PostgreSQL walks the (sort, id) index instead of filtering: the
 * `a < x OR (a = x AND id < y)` form cannot use it (174 ms vs 1.9 ms per batch deep
 * into 1M rows).
 */
export function afterRow(sortCol: string, idCol: string, desc: boolean, after: { sort: Date; id: number }) {
  return sql<SqlBool>`(${sql.ref(sortCol)}, ${sql.ref(idCol)}) ${sql.raw(desc ? '<' : '>')} (${after.sort}, ${after.id})`;
}

/**
 * One page (or export batch) of a long list in (sort column, id) order, starting
 * after the keyset position `after` when one is given.
 */
export function keysetPage<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  cols: { sort: string; id: string },
  desc: boolean,
  after: { sort: Date; id: number } | null,
  limit: number,
  offset = 0,
): SelectQueryBuilder<DB, TB, O> {
  const dir = desc ? 'desc' : 'asc';
  const page = after ? q.where(afterRow(cols.sort, cols.id, desc, after)) : q;
  return page.orderBy(sql.ref(cols.sort), dir).orderBy(sql.ref(cols.id), dir).limit(limit).offset(offset);
}
