import { type Kysely, sql } from 'kysely';

/** Account-prefix search of the command list (`like '139%'`) uses an index whatever the collation. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index command_account_prefix_idx on command (account varchar_pattern_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists command_account_prefix_idx`.execute(db);
}
