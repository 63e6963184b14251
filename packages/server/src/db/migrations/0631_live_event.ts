import { type Kysely, sql } from 'kysely';

/**
 * The live stream's outbox (docs/live-operations.md): one row per event sent to browsers,
 * ids from a sequence so a reconnecting browser resumes after its Last-Event-ID. Rows
 * are written by the instance that stored the device message, announced with NOTIFY,
 * and pruned after LIVE_REPLAY_MINUTES.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('live_event')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('community_id', 'integer')
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('live_event_created_idx').on('live_event').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('live_event').execute();
}
