import { type Kysely, sql } from 'kysely';

/**
 * A credential's door-unit entries (`card_gate`, `face_gate`): one row per credential and door
 * unit, with its validity, note and single-family flag. Applied migrations use it: a change
 * here changes their schema, so it stays as it is (a new column is a new migration).
 */
export async function createGateEntries(db: Kysely<unknown>, holder: 'card' | 'face'): Promise<void> {
  const table = `${holder}_gate`;
  await db.schema
    .createTable(table)
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn(`${holder}_id`, 'integer', (c) => c.notNull().references(`${holder}.id`).onDelete('cascade'))
    .addColumn('gate_id', 'integer', (c) => c.notNull().references('address.id').onDelete('cascade'))
    .addColumn('validfrom', 'timestamptz', (c) => c.notNull())
    .addColumn('validto', 'timestamptz', (c) => c.notNull())
    .addColumn('info', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_villa', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint(`${table}_uq`, [`${holder}_id`, 'gate_id'])
    .execute();
  await db.schema.createIndex(`${table}_gate_idx`).on(table).columns(['gate_id', 'id']).execute();
}
