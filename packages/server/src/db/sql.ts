import { type Generated, type Kysely, type ReferenceExpression, type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from './types.ts';

/** The user's text taken literally in a LIKE pattern: %, _ and the escape character \ escaped. */
export const escapeLike = (s: string): string => s.replace(/[%_\\]/g, '\\$&');

/** LIKE pattern: contains the text (names, addresses; surrounding spaces ignored). */
export const likeArg = (s: string): string => `%${escapeLike(s.trim())}%`;

/** LIKE pattern: starts with the text (accounts, phone numbers, card numbers). */
export const likePrefix = (s: string): string => `${escapeLike(s.trim())}%`;

/**
 * A list's account (registration number) filter on a big table: a whole phone number (11 digits)
 * matches exactly, anything shorter is a prefix; either way an index on the account serves it
 * (`varchar_pattern_ops` for the prefix). Used as `eb(column, ...accountMatch(text))`.
 */
export const accountMatch = (text: string): ['=' | 'like', string] => (/^\d{11}$/.test(text) ? ['=', text] : ['like', likePrefix(text)]);

/**
 * Any of a list of whole numbers as ONE bind parameter (`= any($1::int[])`), however long the
 * list: `where(col, '=', anyInt(ids))`. An `in (...)` list binds one parameter per value and
 * fails beyond 65,535 (a group of 100,000 cards). `anyBigint` for bigint keys (command ids).
 */
export const anyInt = (ids: readonly number[]) => sql<number>`any(${[...ids]}::int[])`;
export const anyBigint = (ids: readonly number[]) => sql<number>`any(${ids.map(String)}::bigint[])`;
/** Any of a list of texts as one bind parameter (`= any($1::text[])`). */
export const anyText = (values: readonly string[]) => sql<string>`any(${[...values]}::text[])`;

/** PostgreSQL error codes the app answers in its own words. */
export const PG_ERROR = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  /** A database is still being accessed (DROP DATABASE while connections close). */
  objectInUse: '55006',
} as const;

/** The PostgreSQL error code of a thrown error (pg and PGlite both set `code`), if any. */
export const pgCode = (e: unknown): string | undefined =>
  e && typeof e === 'object' && 'code' in e ? String((e as { code: unknown }).code) : undefined;

/** Tables whose rows are keyed by a numeric `id`. */
type IdTable = { [T in keyof DB]: DB[T] extends { id: Generated<number> } ? T : never }[keyof DB];

/** Deletes the given rows of `table` by their ids (nothing when there are none). */
export async function deleteRows(db: Kysely<DB>, table: IdTable, rows: readonly { id: number }[]): Promise<void> {
  if (!rows.length) return;
  await db
    .deleteFrom(table)
    .where('id', '=', anyInt(rows.map((r) => r.id)))
    .execute();
}

/** Ids of the communities whose name contains `text`: a list's "community" filter, by id so the list's own index serves. */
export const communitiesNamed = (db: Kysely<DB>, text: string) =>
  db.selectFrom('community').select('id').where('name', 'ilike', likeArg(text));

/** Ids of the addresses whose text contains `text`: a list's "address" filter. */
export const addressesNamed = (db: Kysely<DB>, text: string) =>
  db.selectFrom('address').select('id').where('address', 'ilike', likeArg(text));

/**
 * A list's date range filter: the rows whose `fromCol` is at or after `range.from` and whose
 * `toCol` (else `fromCol` too) is at or before `range.to`; a bound not given filters nothing.
 */
export function inRange<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  range: { from?: Date | null; to?: Date | null },
  fromCol: ReferenceExpression<DB, TB>,
  toCol = fromCol,
): SelectQueryBuilder<DB, TB, O> {
  let r = q;
  if (range.from) r = r.where(fromCol, '>=', range.from);
  if (range.to) r = r.where(toCol, '<=', range.to);
  return r;
}

/** How many rows a list's filtered query finds (its select list replaced by a count): a pager's total. */
export async function countRows<DB, TB extends keyof DB, O>(q: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  // Kysely cannot narrow a generic builder's result: the row is the one selected here.
  const r = (await q.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()) as { n: number };
  return r.n;
}

/**
 * A page of a list and the total of its filtered query `q`, read at once (two connections on
 * PostgreSQL): the request waits for the slower statement, not for both in turn.
 */
export async function pageAndTotal<DB, TB extends keyof DB, O, R>(
  q: SelectQueryBuilder<DB, TB, O>,
  page: { execute(): Promise<R[]> },
): Promise<{ rows: R[]; total: number }> {
  const [total, rows] = await Promise.all([countRows(q), page.execute()]);
  return { rows, total };
}
