import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';

/**
 * The keyset condition "after this row" over (sort column, id), written as a row
 * comparison so PostgreSQL walks the (sort, id) index instead of filtering: the
 * `a < x OR (a = x AND id < y)` form cannot use it (174 ms vs 1.9 ms per batch deep
 * into 1M rows). The sort column's own bound, implied by the row comparison, lets the
 * planner leave out the month partitions of access_event already passed (a row comparison
 * prunes none): on PGlite, which plans every export batch anew, planning a batch deep into
 * a year of events took 8.1 ms over every month and 2.5 ms without the ones passed.
 */
export function afterRow(sortCol: string, idCol: string, desc: boolean, after: { sort: Date; id: number }) {
  const op = desc ? '<' : '>';
  const col = sql.ref(sortCol);
  return sql<SqlBool>`((${col}, ${sql.ref(idCol)}) ${sql.raw(op)} (${after.sort}, ${after.id}) and ${col} ${sql.raw(op)}= ${after.sort})`;
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

const BATCH = 2000;

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
