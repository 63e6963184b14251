import { type Kysely, sql } from 'kysely';
import { addAccessMenu } from './parts.ts';

/**
 * Access review and move-out (issue 13 items 5–7): the move-out record and its commands;
 * the last use of a card is looked up by card number (partial index, cards only); the
 * review menu (111) is granted to every account holding a card or face menu (101–103).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('moveout')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('community_id', 'integer', (c) => c.references('community.id').onDelete('cascade'))
    .addColumn('subject_kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('account_id', 'integer', (c) => c.references('account.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('moveout_command')
    .addColumn('moveout_id', 'integer', (c) => c.notNull().references('moveout.id').onDelete('cascade'))
    .addColumn('command_id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('moveout_command_pk', ['moveout_id', 'command_id'])
    .execute();
  await db.schema
    .createIndex('access_event_card_idx')
    .on('access_event')
    .columns(['card_num', 'time desc'])
    .where(sql.ref('card_num'), '<>', '')
    .execute();
  await addAccessMenu(db, { id: 111, key: 'access.review', path: '/review', sort: 11 });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from account_menu where menu_id = 111`.execute(db);
  await sql`drop index if exists access_event_card_idx`.execute(db);
  await db.schema.dropTable('moveout_command').ifExists().execute();
  await db.schema.dropTable('moveout').ifExists().execute();
}
