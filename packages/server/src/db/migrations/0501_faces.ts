import type { Kysely } from 'kysely';
import { createTableWithId, ref, withHousehold, withTimestamps } from './columns.ts';
import { createCredentialLookups } from './parts.ts';
import { createIndexes, dropTables } from './schema.ts';

/**
 * Faces (001 §3 "Face"; the photo is a stored_file of kind 'face') and their
 * door-unit entries ("Face-to-door assignment").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'face')
    .$call(withHousehold)
    .addColumn('account', 'varchar(20)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(8)', (c) => c.notNull().defaultTo('enable'))
    .addColumn('photo_file_id', 'integer', ref('stored_file.id', 'restrict'))
    .addColumn('is_villa', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(withTimestamps)
    .execute();
  await createIndexes(db, 'face', { face_community_idx: ['community_id', 'id'] });
  await createCredentialLookups(db, 'face');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['face_gate', 'face']);
}
