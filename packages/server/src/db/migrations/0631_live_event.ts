import type { Kysely } from 'kysely';
import { createTableWithId, withCreatedAt } from './columns.ts';
import { createIndexes } from './schema.ts';

/**
 * The live stream's outbox (docs/live-operations.md): one row per event sent to browsers,
 * ids from a sequence so a reconnecting browser resumes after its Last-Event-ID. Rows
 * are written by the instance that stored the device message, announced with NOTIFY,
 * and pruned after LIVE_REPLAY_MINUTES.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'live_event', 'bigserial')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('community_id', 'integer')
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .$call(withCreatedAt)
    .execute();
  await createIndexes(db, 'live_event', { live_event_created_idx: ['created_at'] });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('live_event').execute();
}
