import { type Kysely, sql } from 'kysely';
import { createTableWithId, withCreatedAt } from './columns.ts';
import { createIndexes, dropTables } from './schema.ts';

/**
 * What a change of a big access group still has to send (modules/rules/fanout.ts): the
 * members (cards or faces) to re-send to the units, in batches, by any instance. The group id
 * is kept without a reference: a deleted group's members are withdrawn after it is gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withCreatedAt(
    createTableWithId(db, 'access_group_fanout')
      .addColumn('group_id', 'integer', (c) => c.notNull())
      .addColumn('community_id', 'integer', (c) => c.notNull().references('community.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('holder_ids', sql`integer[]`, (c) => c.notNull())
      .addColumn('unit_ids', sql`integer[]`, (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('lease_until', 'timestamptz')
      .addColumn('finished_at', 'timestamptz'),
  ).execute();
  await createIndexes(db, 'access_group_fanout', {
    access_group_fanout_open_idx: { columns: ['id'], where: [['finished_at', 'is', null]] },
    access_group_fanout_group_idx: ['group_id'],
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['access_group_fanout']);
}
