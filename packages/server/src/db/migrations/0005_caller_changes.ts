import { type Kysely, sql } from 'kysely';

/**
 * Every instance keeps who is calling between requests (http/caller-cache.ts). On PostgreSQL,
 * which several instances share, a write that may change a caller announces itself on the
 * `gh_callers` channel (http/caller-watch.ts): a statement-level trigger on each table the caller's
 * statement reads (http/auth.ts), on the columns it reads. A session's idle mark (`last_seen_at`) is
 * not among them: a kept caller with an older mark is read again sooner, never later. Cascades
 * (a community deleted takes its scope rows) fire the trigger of the table they delete from.
 */
const WATCHED: [table: string, events: string][] = [
  ['session', 'update of token_hash, account_id, role_id, community_id, lang, expires_at, revoked_at or delete or truncate'],
  ['account', 'update of id, reg_no, name, state, community_id or delete or truncate'],
  ['account_menu', 'insert or update or delete or truncate'],
  ['account_community', 'insert or update or delete or truncate'],
  ['community_engineer', 'insert or update or delete or truncate'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function gh_callers_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('gh_callers', 'change');
      return null;
    end $$`.execute(db);
  for (const [table, events] of WATCHED) {
    await sql
      .raw(`create trigger ${table}_callers_changed after ${events} on ${table} for each statement execute function gh_callers_changed()`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table] of WATCHED) await sql.raw(`drop trigger if exists ${table}_callers_changed on ${table}`).execute(db);
  await sql`drop function if exists gh_callers_changed()`.execute(db);
}
