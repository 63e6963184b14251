import { type Kysely, sql } from 'kysely';

/** The op log's account filter is a prefix (`like '139%'`): pattern operators serve it under any collation. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists op_log_regno_prefix_idx on op_log (regno varchar_pattern_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists op_log_regno_prefix_idx`.execute(db);
}
