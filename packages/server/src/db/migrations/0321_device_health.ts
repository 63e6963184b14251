import { type Kysely, sql } from 'kysely';

/**
 * Device health (docs/device-protocol.md "Heartbeat"): what the unit's last heartbeat
 * said (uptime, free storage, when). The silence check looks for online units not
 * seen for DEVICE_SILENT_AFTER_MS (partial index: only online units are checked).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('device')
    .addColumn('uptime_s', 'bigint')
    .addColumn('free_storage', 'bigint')
    .addColumn('heartbeat_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('device_online_seen_idx').on('device').column('last_seen_at').where(sql.ref('online'), '=', true).execute();
  await db.schema.createIndex('device_firmware_idx').on('device').columns(['community_id', 'firmware']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('device_firmware_idx').execute();
  await db.schema.dropIndex('device_online_seen_idx').execute();
  await db.schema.alterTable('device').dropColumn('uptime_s').dropColumn('free_storage').dropColumn('heartbeat_at').execute();
}
