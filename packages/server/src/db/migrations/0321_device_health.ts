import type { Kysely } from 'kysely';
import { createIndexes } from './schema.ts';

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
  await createIndexes(db, 'device', {
    device_online_seen_idx: { columns: ['last_seen_at'], where: [['online', '=', true]] },
    device_firmware_idx: ['community_id', 'firmware'],
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('device_firmware_idx').execute();
  await db.schema.dropIndex('device_online_seen_idx').execute();
  await db.schema.alterTable('device').dropColumn('uptime_s').dropColumn('free_storage').dropColumn('heartbeat_at').execute();
}
