import { type Kysely, sql } from 'kysely';

/**
 * Alarm records: alarms door units report (forced, heldOpen, tamper, duress; one row per
 * (device, eid), as access events) and "offline" opened by the server when a unit's
 * status goes offline — one row, `cleared_at` set when the unit is back online; at most
 * one open per device. Staff acknowledge rows (who, when, note). The list pages by
 * (time, id), filtered by community, kind or "not acknowledged yet".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('alarm')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('eid', 'varchar(64)')
    .addColumn('serial', 'varchar(64)', (c) => c.notNull())
    .addColumn('address_id', 'integer')
    .addColumn('community_id', 'integer')
    .addColumn('device_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('time', 'timestamptz', (c) => c.notNull())
    .addColumn('cleared_at', 'timestamptz')
    .addColumn('ack_account_id', 'integer')
    .addColumn('ack_regno', 'varchar(20)')
    .addColumn('ack_at', 'timestamptz')
    .addColumn('ack_note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('alarm_eid_uq').on('alarm').columns(['device_id', 'eid']).unique().execute();
  await db.schema
    .createIndex('alarm_open_offline_uq')
    .on('alarm')
    .column('device_id')
    .unique()
    .where(sql.ref('kind'), '=', 'offline')
    .where(sql.ref('cleared_at'), 'is', null)
    .execute();
  await db.schema.createIndex('alarm_time_idx').on('alarm').columns(['time desc', 'id desc']).execute();
  await db.schema.createIndex('alarm_community_time_idx').on('alarm').columns(['community_id', 'time desc', 'id desc']).execute();
  await db.schema.createIndex('alarm_kind_time_idx').on('alarm').columns(['kind', 'time desc', 'id desc']).execute();
  await db.schema.createIndex('alarm_community_kind_idx').on('alarm').columns(['community_id', 'kind', 'time desc', 'id desc']).execute();
  await db.schema
    .createIndex('alarm_unacked_time_idx')
    .on('alarm')
    .columns(['time desc', 'id desc'])
    .where(sql.ref('ack_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('alarm').ifExists().execute();
}
