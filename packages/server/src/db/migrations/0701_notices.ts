import type { Kysely } from 'kysely';
import { createTableWithId, ref, withCommunity, withCreatedAt } from './columns.ts';
import { createIndexes, createLinkTable, dropTables } from './schema.ts';

/** Property notices and their attachments (stored files). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'notice')
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('content', 'varchar(2500)', (c) => c.notNull())
    .$call(withCommunity('cascade'))
    .addColumn('validfrom', 'timestamptz', (c) => c.notNull())
    .addColumn('validto', 'timestamptz', (c) => c.notNull())
    .addColumn('creator_id', 'integer', (c) => c.references('account.id').onDelete('set null'))
    .$call(withCreatedAt)
    .execute();
  await createIndexes(db, 'notice', { notice_community_created_idx: ['community_id', 'created_at desc', 'id desc'] });
  await createLinkTable(db, 'notice_file', ['notice_id', ref('notice.id', 'cascade')], ['file_id', ref('stored_file.id', 'cascade')]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['notice_file', 'notice']);
}
