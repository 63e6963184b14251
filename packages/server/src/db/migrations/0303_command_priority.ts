import { type Kysely, sql } from 'kysely';

/**
 * Commands that must jump the queue (emergency modes, remote open) carry a higher
 * priority; a device's pending commands leave by priority, then in id order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table command add column priority smallint not null default 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table command drop column if exists priority`.execute(db);
}
