import { type Kysely, sql } from 'kysely';
import { addAccessMenu, createGroupMembers } from './parts.ts';

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
  await db.schema
    .createTable('access_schedule')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('community_id', 'integer', (c) => c.notNull().references('community.id').onDelete('cascade'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('week', 'text', (c) => c.notNull())
    .addColumn('holiday_mode', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('holiday_weekday', 'smallint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('access_schedule_name_uq', ['community_id', 'name'])
    .execute();
  await db.schema
    .createTable('access_holiday')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('community_id', 'integer', (c) => c.notNull().references('community.id').onDelete('cascade'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('date_from', 'varchar(10)', (c) => c.notNull())
    .addColumn('date_to', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('access_holiday_community_idx').on('access_holiday').columns(['community_id', 'date_from']).execute();
  await db.schema
    .createTable('access_group')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('community_id', 'integer', (c) => c.notNull().references('community.id').onDelete('cascade'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('schedule_id', 'integer', (c) => c.references('access_schedule.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('access_group_name_uq', ['community_id', 'name'])
    .execute();
  await createGroupMembers(db, 'unit', 'address');
  await createGroupMembers(db, 'card', 'card');
  await addAccessMenu(db, { id: 110, key: 'access.rules', path: '/rules', sort: 10 });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from account_menu where menu_id = 110`.execute(db);
  for (const t of ['access_group_card', 'access_group_unit', 'access_group', 'access_holiday', 'access_schedule'])
    await db.schema.dropTable(t).ifExists().execute();
  await db.schema.alterTable('access_event').dropColumn('refusal').execute();
  await db.schema.alterTable('community').dropColumn('time_zone').execute();
}
