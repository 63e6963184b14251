import { type Kysely, sql } from 'kysely';

/**
 * Webhooks (docs/live-operations.md "Webhooks"): the registrations (secret encrypted with
 * AES-256-GCM) and `webhook_delivery`, the outbox the delivery worker claims due rows from
 * (`for update skip locked`: several instances never deliver a row twice).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook')
    .addColumn('id', 'serial', (c) => c.primaryKey())
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
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('webhook_delivery')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('webhook_id', 'integer', (c) => c.notNull().references('webhook.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('response_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('delivered_at', 'timestamptz')
    .execute();
  await sql`create index webhook_delivery_due_idx on webhook_delivery (next_at) where status = 0`.execute(db);
  await db.schema.createIndex('webhook_delivery_hook_idx').on('webhook_delivery').columns(['webhook_id', 'id desc']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_delivery').ifExists().execute();
  await db.schema.dropTable('webhook').ifExists().execute();
}
