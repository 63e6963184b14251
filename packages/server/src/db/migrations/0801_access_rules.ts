import { type Kysely, sql } from 'kysely';
import { createTableWithId, withCommunity, withCreatedAt } from './columns.ts';
import { addAccessMenu, createGroupMembers } from './parts.ts';
import { createIndexes, dropTables } from './schema.ts';

/** A schedule's, a holiday's or a group's table, starting with id, its community (deleted with it) and name. */
const createRuleTable = (db: Kysely<unknown>, table: string) =>
  createTableWithId(db, table)
    .$call(withCommunity('cascade'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull());

/**
 * Access rules (issue 13): weekly schedules, holidays, access groups and their door units
 * and cards; the community's time zone; why an access event was refused. Menu 110
 * (access.rules) goes to every account that holds a card or face menu (101, 102, 103).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('community')
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull().defaultTo('Asia/Shanghai'))
    .execute();
  await db.schema
    .alterTable('access_event')
    .addColumn('refusal', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .execute();
  await createRuleTable(db, 'access_schedule')
    .addColumn('week', 'text', (c) => c.notNull())
    .addColumn('holiday_mode', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('holiday_weekday', 'smallint')
    .$call(withCreatedAt)
    .addUniqueConstraint('access_schedule_name_uq', ['community_id', 'name'])
    .execute();
  await createRuleTable(db, 'access_holiday')
    .addColumn('date_from', 'varchar(10)', (c) => c.notNull())
    .addColumn('date_to', 'varchar(10)', (c) => c.notNull())
    .$call(withCreatedAt)
    .execute();
  await createIndexes(db, 'access_holiday', { access_holiday_community_idx: ['community_id', 'date_from'] });
  await createRuleTable(db, 'access_group')
    .addColumn('schedule_id', 'integer', (c) => c.references('access_schedule.id'))
    .$call(withCreatedAt)
    .addUniqueConstraint('access_group_name_uq', ['community_id', 'name'])
    .execute();
  await createGroupMembers(db, 'unit', 'address');
  await createGroupMembers(db, 'card', 'card');
  await addAccessMenu(db, { id: 110, key: 'access.rules', path: '/rules', sort: 10 });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from account_menu where menu_id = 110`.execute(db);
  await dropTables(db, ['access_group_card', 'access_group_unit', 'access_group', 'access_holiday', 'access_schedule']);
  await db.schema.alterTable('access_event').dropColumn('refusal').execute();
  await db.schema.alterTable('community').dropColumn('time_zone').execute();
}
