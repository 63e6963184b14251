import { type Kysely, sql } from 'kysely';
import { createTableWithId, ref, withCreatedAt } from './columns.ts';
import { addAccessMenu } from './parts.ts';
import { createIndexes, createLinkTable, dropTables } from './schema.ts';

/**
 * Access review and move-out (issue 13 items 5–7): the move-out record and its commands;
 * the last use of a card is looked up by card number (partial index, cards only); the
 * review menu (111) is granted to every account holding a card or face menu (101–103).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'moveout')
    .addColumn('community_id', 'integer', (c) => c.references('community.id').onDelete('cascade'))
    .addColumn('subject_kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('account_id', 'integer', (c) => c.references('account.id').onDelete('set null'))
    .$call(withCreatedAt)
    .execute();
  await createLinkTable(db, 'moveout_command', ['moveout_id', ref('moveout.id', 'cascade')], ['command_id', (c) => c.notNull(), 'bigint']);
  await createIndexes(db, 'access_event', {
    access_event_card_idx: { columns: ['card_num', 'time desc'], where: [['card_num', '<>', '']] },
  });
  await addAccessMenu(db, { id: 111, key: 'access.review', path: '/review', sort: 11 });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from account_menu where menu_id = 111`.execute(db);
  await sql`drop index if exists access_event_card_idx`.execute(db);
  await dropTables(db, ['moveout_command', 'moveout']);
}
