import type { Kysely } from 'kysely';

/** Faces given access groups (access rules, issue 13). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('access_group_face')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('access_group.id').onDelete('cascade'))
    .addColumn('face_id', 'integer', (c) => c.notNull().references('face.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('access_group_face_pk', ['group_id', 'face_id'])
    .execute();
  await db.schema.createIndex('access_group_face_face_idx').on('access_group_face').column('face_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('access_group_face').ifExists().execute();
}
