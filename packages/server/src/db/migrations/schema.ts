import { type ColumnBuilderCallback, type ComparisonOperator, type Kysely, sql } from 'kysely';

/*
 * Statements several migrations run: a table's index list, a link table, dropping lists of
 * tables and indexes; whole migrations that only add indexes. Applied migrations use them: a
 * change here changes their schema, so they stay as they are.
 */

/** A partial index's condition: column, operator, value (`['ack_at', 'is', null]`). */
type Condition = [column: string, op: ComparisonOperator, value: unknown];

/** An index's columns (`'time desc'` for a descending one), or those with its uniqueness and conditions. */
export type IndexSpec = string[] | { columns: string[]; unique?: true; where?: Condition[] };

/** Creates a table's indexes by name, in the order given. */
export async function createIndexes(db: Kysely<unknown>, table: string, indexes: Record<string, IndexSpec>): Promise<void> {
  for (const [name, spec] of Object.entries(indexes)) {
    const { columns, unique, where = [] } = Array.isArray(spec) ? { columns: spec } : spec;
    let index = db.schema.createIndex(name).on(table).columns(columns);
    if (unique) index = index.unique();
    for (const [column, op, value] of where) index = index.where(sql.ref(column), op, value);
    await index.execute();
  }
}

/** Index lists by table, for a migration that adds indexes to existing tables. */
export type IndexLists = Record<string, Record<string, IndexSpec>>;

/** A migration adding index lists by table: up creates them in the order given, down drops them in the same order. */
export const indexListsMigration = (lists: IndexLists) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    for (const [table, indexes] of Object.entries(lists)) await createIndexes(db, table, indexes);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await dropIndexes(
      db,
      Object.values(lists).flatMap((indexes) => Object.keys(indexes)),
    );
  },
});

/** Indexes given as SQL: name, then what follows `on` (`'face (account, id)'`). */
export type SqlIndexes = [name: string, def: string][];

/** A migration adding indexes given as SQL: up creates each unless it exists, down drops each that exists. */
export const sqlIndexesMigration = (indexes: SqlIndexes) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    for (const [name, def] of indexes) await sql.raw(`create index if not exists ${name} on ${def}`).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const [name] of indexes) await sql.raw(`drop index if exists ${name}`).execute(db);
  },
});

/** One side of a link table: column, what it holds (a reference, most often), its type when not integer. */
export type LinkColumn = [column: string, build: ColumnBuilderCallback, type?: 'bigint'];

/** A table linking two rows, its primary key (`<table>_pk`) the pair. */
export async function createLinkTable(db: Kysely<unknown>, table: string, first: LinkColumn, second: LinkColumn): Promise<void> {
  await db.schema
    .createTable(table)
    .addColumn(first[0], first[2] ?? 'integer', first[1])
    .addColumn(second[0], second[2] ?? 'integer', second[1])
    .addPrimaryKeyConstraint(`${table}_pk`, [first[0], second[0]])
    .execute();
}

/** Drops tables that exist, in the order given. */
export async function dropTables(db: Kysely<unknown>, tables: string[]): Promise<void> {
  for (const t of tables) await db.schema.dropTable(t).ifExists().execute();
}

/** Drops indexes that exist, in the order given. */
export async function dropIndexes(db: Kysely<unknown>, indexes: string[]): Promise<void> {
  for (const i of indexes) await db.schema.dropIndex(i).ifExists().execute();
}
