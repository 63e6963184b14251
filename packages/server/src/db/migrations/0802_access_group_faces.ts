import type { Kysely } from 'kysely';
import { createGroupMembers } from './parts.ts';
import { dropTables } from './schema.ts';

/** Faces given access groups (access rules, issue 13). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createGroupMembers(db, 'face', 'face');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['access_group_face']);
}
