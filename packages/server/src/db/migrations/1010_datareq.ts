import { type Kysely, sql } from 'kysely';
import { createTableWithKey, withUpdatedAt } from './columns.ts';
import { dropTables } from './schema.ts';

/**
 * A person's data export and retention (issue 35 items 2 and 4):
 * - retention_setting: a community's retention (a community without a row has the defaults of
 *   contracts `RETENTION_DEFAULTS`);
 * - retention_run: one row per day the retention ran (the day is the key: a second instance, or a
 *   second start the same day, finds it and does nothing), with what it did;
 * - the operation-log entries about a person are found by their phone or address in the entry's text:
 *   a trigram index on op_log.content serves `content like '%…%'` without reading the whole log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithKey(db, 'retention_setting', 'community_id', 'integer')
    .addForeignKeyConstraint('retention_setting_community_fk', ['community_id'], 'community', ['id'], (c) => c.onDelete('cascade'))
    .addColumn('face_days', 'integer', (c) => c.notNull())
    .addColumn('event_months', 'integer', (c) => c.notNull())
    .addColumn('event_mode', 'varchar(20)', (c) => c.notNull())
    .addColumn('visitor_days', 'integer', (c) => c.notNull())
    .$call(withUpdatedAt)
    .execute();
  await createTableWithKey(db, 'retention_run', 'day', 'date')
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('report', 'jsonb')
    .execute();
  await sql`create index if not exists op_log_content_trgm_idx on op_log using gin (content gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists op_log_content_trgm_idx`.execute(db);
  await dropTables(db, ['retention_run', 'retention_setting']);
}
