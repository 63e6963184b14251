import { type Kysely, sql } from 'kysely';
import { createTableWithId, now, ref, withCreatedAt, withTimestamps } from './columns.ts';
import { createIndexes, dropTables } from './schema.ts';

/**
 * Webhooks (docs/live-operations.md "Webhooks"): the registrations (secret encrypted with
 * AES-256-GCM) and `webhook_delivery`, the outbox the delivery worker claims due rows from
 * (`for update skip locked`: several instances never deliver a row twice).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'webhook')
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    .addColumn('kinds', 'jsonb', (c) => c.notNull())
    .addColumn('description', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('secret_enc', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('disabled_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failing_since', 'timestamptz')
    .addColumn('last_delivery_at', 'timestamptz')
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .$call(withTimestamps)
    .execute();
  await createTableWithId(db, 'webhook_delivery', 'bigserial')
    .addColumn('webhook_id', 'integer', ref('webhook.id', 'cascade'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('response_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .$call(withCreatedAt)
    .addColumn('delivered_at', 'timestamptz')
    .execute();
  await sql`create index webhook_delivery_due_idx on webhook_delivery (next_at) where status = 0`.execute(db);
  await createIndexes(db, 'webhook_delivery', { webhook_delivery_hook_idx: ['webhook_id', 'id desc'] });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['webhook_delivery', 'webhook']);
}
