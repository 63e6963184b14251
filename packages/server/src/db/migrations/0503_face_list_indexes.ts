import { type Kysely, sql } from 'kysely';

/** The face list's sorts (ties by id in the same direction) and its account contains filter. */
const INDEXES: [string, string][] = [
  ['face_account_id_idx', `face (account, id)`],
  ['face_status_id_idx', `face (status, id)`],
  ['face_user_name_id_idx', `face (user_name, id)`],
  ['face_account_trgm_idx', `face using gin (account gin_trgm_ops)`],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, def] of INDEXES) await sql.raw(`create index if not exists ${name} on ${def}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await sql.raw(`drop index if exists ${name}`).execute(db);
}
