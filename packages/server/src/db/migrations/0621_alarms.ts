import type { Kysely } from 'kysely';
import { createTableWithId, now } from './columns.ts';
import { createIndexes, dropTables } from './schema.ts';

/**
 * Alarm records: alarms door units report (forced, heldOpen, tamper, duress; one row per
 * (device, eid), as access events) and "offline" opened by the server when a unit's
 * status goes offline — one row, `cleared_at` set when the unit is back online; at most
 * one open per device. Staff acknowledge rows (who, when, note). The list pages by
 * (time, id), filtered by community, kind or "not acknowledged yet".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'alarm', 'bigserial')
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
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await createIndexes(db, 'alarm', {
    alarm_eid_uq: { columns: ['device_id', 'eid'], unique: true },
    alarm_open_offline_uq: {
      columns: ['device_id'],
      unique: true,
      where: [
        ['kind', '=', 'offline'],
        ['cleared_at', 'is', null],
      ],
    },
    alarm_time_idx: ['time desc', 'id desc'],
    alarm_community_time_idx: ['community_id', 'time desc', 'id desc'],
    alarm_kind_time_idx: ['kind', 'time desc', 'id desc'],
    alarm_community_kind_idx: ['community_id', 'kind', 'time desc', 'id desc'],
    alarm_unacked_time_idx: { columns: ['time desc', 'id desc'], where: [['ack_at', 'is', null]] },
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['alarm']);
}
