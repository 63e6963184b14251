import { type Kysely, sql } from 'kysely';

/**
 * When each polled terminal was last asked by a server instance (issue 33: with several instances,
 * each Hikvision terminal is polled by one of them a period, not by every one): an instance polls the
 * terminals whose row it could move forward (`devices/vendors/hik/poll-claim.ts`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('unit_poll')
    .addColumn('device_id', 'integer', (c) => c.primaryKey().references('device.id').onDelete('cascade'))
    .addColumn('polled_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('polled_by', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('unit_poll').execute();
}
