import { type Kysely, sql } from 'kysely';
import { sqlIndexesMigration } from './schema.ts';

/**
 * The command list's filters and sorts: type and status (filter or sort, ties by id in
 * the same direction), last update, and the subject (address) contains filter.
 */
const indexes = sqlIndexesMigration([
  ['command_type_id_idx', `command (type, id)`],
  ['command_status_id_idx', `command (status, id)`],
  ['command_updated_idx', `command (updated_at, id)`],
  ['command_subject_trgm_idx', `command using gin (subject gin_trgm_ops)`],
]);

export async function up(db: Kysely<unknown>): Promise<void> {
  await indexes.up(db);
  // (status, id) serves what (status, id desc) did, read backwards.
  await sql`drop index if exists command_status_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists command_status_idx on command (status, id desc)`.execute(db);
  await indexes.down(db);
}
