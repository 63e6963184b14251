import type { Kysely } from 'kysely';
import { createTableWithKey, ref, withUpdatedAt } from './columns.ts';
import { dropTables } from './schema.ts';

/**
 * The server's progress of a spreadsheet import, by the id the browser gave it, so any
 * server instance can answer the import dialog while another one works.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithKey(db, 'import_progress', 'id', 'uuid')
    .addColumn('account_id', 'integer', ref('account.id', 'cascade'))
    .addColumn('stage', 'varchar(16)', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer')
    .addColumn('finished', 'boolean', (c) => c.notNull().defaultTo(false))
    .$call(withUpdatedAt)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['import_progress']);
}
