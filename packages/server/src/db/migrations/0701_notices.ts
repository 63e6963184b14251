import { type Kysely, sql } from 'kysely';

/** Property notices and their attachments (stored files). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notice')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('content', 'varchar(2500)', (c) => c.notNull())
    .addColumn('community_id', 'integer', (c) => c.notNull().references('community.id').onDelete('cascade'))
    .addColumn('validfrom', 'timestamptz', (c) => c.notNull())
    .addColumn('validto', 'timestamptz', (c) => c.notNull())
    .addColumn('creator_id', 'integer', (c) => c.references('account.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('notice_community_created_idx')
    .on('notice')
    .columns(['community_id', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createTable('notice_file')
    .addColumn('notice_id', 'integer', (c) => c.notNull().references('notice.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('stored_file.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('notice_file_pk', ['notice_id', 'file_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notice_file').ifExists().execute();
  await db.schema.dropTable('notice').ifExists().execute();
}
