import { type Kysely, sql } from 'kysely';
import { createTableWithId, createTableWithKey, withCreatedAt } from './columns.ts';
import { addAccessMenu } from './parts.ts';
import { createIndexes, dropTables } from './schema.ts';

/**
 * Personal data (issue 35 items 1, 3, 5): a face's consent record (who gave it, how, by which
 * staff member, the purpose text shown, an optional scanned form), the purpose template of each
 * community (three languages), and the erasure record of a face with one row per door unit it
 * was sent to (the command whose acknowledgement is the receipt). The erasure keeps no link to
 * the face row (it is gone); the privacy menu (112) is granted to every holder of a card or face menu.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithKey(db, 'consent_template', 'community_id', 'integer')
    .addForeignKeyConstraint('consent_template_community_fk', ['community_id'], 'community', ['id'], (c) => c.onDelete('cascade'))
    .addColumn('purpose_zh_cn', 'text', (c) => c.notNull())
    .addColumn('purpose_zh_tw', 'text', (c) => c.notNull())
    .addColumn('purpose_en', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await createTableWithId(db, 'face_consent')
    .addColumn('community_id', 'integer', (c) => c.notNull().references('community.id').onDelete('cascade'))
    .addColumn('face_id', 'integer', (c) => c.references('face.id').onDelete('set null'))
    .addColumn('account', 'varchar(20)', (c) => c.notNull())
    .addColumn('person_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('giver', 'varchar(10)', (c) => c.notNull())
    .addColumn('guardian_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('method', 'varchar(10)', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('staff_account_id', 'integer', (c) => c.references('account.id').onDelete('set null'))
    .addColumn('staff_regno', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('form_file_id', 'integer', (c) => c.references('stored_file.id').onDelete('set null'))
    .addColumn('withdrawn_at', 'timestamptz')
    .$call(withCreatedAt)
    .execute();
  await createIndexes(db, 'face_consent', { face_consent_face_idx: ['face_id'], face_consent_community_idx: ['community_id', 'id'] });
  await createTableWithId(db, 'face_erasure')
    .addColumn('community_id', 'integer', (c) => c.references('community.id').onDelete('cascade'))
    .addColumn('face_id', 'integer', (c) => c.notNull())
    .addColumn('account', 'varchar(20)', (c) => c.notNull())
    .addColumn('person_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('reason', 'varchar(20)', (c) => c.notNull())
    .addColumn('staff_account_id', 'integer', (c) => c.references('account.id').onDelete('set null'))
    .addColumn('staff_regno', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .$call(withCreatedAt)
    .execute();
  await createIndexes(db, 'face_erasure', { face_erasure_community_idx: ['community_id', 'id'] });
  await db.schema
    .createTable('face_erasure_unit')
    .addColumn('erasure_id', 'integer', (c) => c.notNull().references('face_erasure.id').onDelete('cascade'))
    .addColumn('address_id', 'integer', (c) => c.notNull())
    .addColumn('unit_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('command_id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('face_erasure_unit_pk', ['erasure_id', 'address_id'])
    .execute();
  await addAccessMenu(db, { id: 112, key: 'access.privacy', path: '/privacy', sort: 12 });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from account_menu where menu_id = 112`.execute(db);
  await sql`delete from menu where id = 112`.execute(db);
  await dropTables(db, ['face_erasure_unit', 'face_erasure', 'face_consent', 'consent_template']);
}
