import { type Kysely, sql } from 'kysely';

/**
 * Several server instances share the command queue: a command is claimed by one
 * instance before it is published (claimed_by), and a sent command not acknowledged
 * before lease_until is due again for any instance (devices/claim.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table command add column claimed_by varchar(100) not null default ''`.execute(db);
  await sql`alter table command add column lease_until timestamptz`.execute(db);
  // The sweep's question: which sent commands have an expired lease.
  await sql`create index command_lease_idx on command (lease_until) where status = 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists command_lease_idx`.execute(db);
  await sql`alter table command drop column if exists lease_until`.execute(db);
  await sql`alter table command drop column if exists claimed_by`.execute(db);
}
