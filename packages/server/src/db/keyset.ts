import {
  AliasNode,
  ColumnNode,
  type Compilable,
  type CompiledQuery,
  IdentifierNode,
  ReferenceNode,
  type SelectQueryBuilder,
  SelectQueryNode,
  type SqlBool,
  sql,
} from 'kysely';
import { type Db, streamArrays, streamBatch } from './index.ts';

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

/** A row as an export streams it (`keysetRows`): its timestamptz values as epoch milliseconds. */
export type StreamedRow<R> = { [K in keyof R]: R[K] extends Date ? number : R[K] extends Date | null ? number | null : R[K] };

/** A keyset position: the sort column's value and the id of the last row handed on. */
export type Cursor = { sort: Date; id: number };

/**
 * Every row of a keyset-ordered list, for an export: `batch(after, limit)` is the list's select
 * after a position (`keysetPage`), each batch streamed as arrays (`keysetStream`, db `streamArrays`)
 * and each row made an object of the select's column names only as it is taken, so no batch of row
 * objects is held while it is written (docs/performance.md, Exports). `key` names the row's sort
 * and id columns, from which the next batch's position is read.
 */
export async function* keysetRows<R>(
  db: Db,
  batch: (after: Cursor | null, limit: number) => Compilable<R>,
  key: { sort: keyof R & string; id: keyof R & string },
): AsyncGenerator<StreamedRow<R>> {
  let names: string[] = [];
  let at = { sort: -1, id: -1 };
  const arrays = keysetStream<unknown[]>((after, limit) => {
    const q = batch(after && { sort: new Date(after[at.sort] as number | Date), id: Number(after[at.id]) }, limit).compile();
    names = selectedNames(q);
    at = { sort: names.indexOf(key.sort), id: names.indexOf(key.id) };
    if (at.sort < 0 || at.id < 0) throw new Error(`keysetRows: ${key.sort} and ${key.id} must be selected`);
    return streamArrays(db, q);
  }, streamBatch(db));
  for await (const a of arrays) {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) row[names[i] as string] = a[i];
    yield row as StreamedRow<R>;
  }
}

/** The names of a compiled select's columns, in order (the keys of its row objects). */
export function selectedNames(q: CompiledQuery): string[] {
  if (!SelectQueryNode.is(q.query)) throw new Error('selectedNames: not a select');
  return (q.query.selections ?? []).map(({ selection: s }) => {
    if (AliasNode.is(s) && IdentifierNode.is(s.alias)) return s.alias.name;
    if (ReferenceNode.is(s) && ColumnNode.is(s.column)) return s.column.column.name;
    if (ColumnNode.is(s)) return s.column.name;
    throw new Error(`selectedNames: a selection without a name (${s.kind})`);
  });
}
