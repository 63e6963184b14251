import { type Kysely, sql } from 'kysely';

/**
 * Trigram indexes serve the lists' "contains" filters (names, addresses, subjects) on
 * big tables. pg_trgm is a trusted extension: the database owner may create it
 * (PGlite loads it in db/index.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
}

export async function down(): Promise<void> {
  // Other databases' objects may use it: left in place.
}
