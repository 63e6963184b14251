import { type Kysely, sql } from 'kysely';

/**
 * The server's progress of a spreadsheet import, by the id the browser gave it, so any
 * server instance can answer the import dialog while another one works.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('import_progress')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('stage', 'varchar(16)', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer')
    .addColumn('finished', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_progress').ifExists().execute();
}
