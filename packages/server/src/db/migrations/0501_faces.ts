import { type Kysely, sql } from 'kysely';
import { createGateEntries } from './parts.ts';

/**
 * Faces (001 §3 "Face"; the photo is a stored_file of kind 'face') and their
 * door-unit entries ("Face-to-door assignment").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('face')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('community_id', 'integer', (c) => c.notNull().references('community.id').onDelete('restrict'))
    .addColumn('address_id', 'integer', (c) => c.notNull().references('address.id').onDelete('restrict'))
    .addColumn('account', 'varchar(20)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(8)', (c) => c.notNull().defaultTo('enable'))
    .addColumn('photo_file_id', 'integer', (c) => c.notNull().references('stored_file.id').onDelete('restrict'))
    .addColumn('is_villa', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('face_community_idx').on('face').columns(['community_id', 'id']).execute();
  await db.schema.createIndex('face_address_idx').on('face').column('address_id').execute();
  await db.schema.createIndex('face_account_idx').on('face').column('account').execute();

  await createGateEntries(db, 'face');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('face_gate').ifExists().execute();
  await db.schema.dropTable('face').ifExists().execute();
}
