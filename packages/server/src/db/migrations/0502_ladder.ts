import { type Kysely, sql } from 'kysely';

/**
 * Lift (ladder) control per holder and door unit (001 §3 "Ladder config item"):
 * exactly one of card_id / face_id is set (source 0 card, 1 face).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ladder_config')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('card_id', 'integer', (c) => c.references('card.id').onDelete('cascade'))
    .addColumn('face_id', 'integer', (c) => c.references('face.id').onDelete('cascade'))
    .addColumn('address_id', 'integer', (c) => c.notNull().references('address.id').onDelete('cascade'))
    .addColumn('resi_level', 'varchar(4)', (c) => c.notNull())
    .addColumn('bank', 'integer', (c) => c.notNull())
    .addColumn('node', 'integer', (c) => c.notNull())
    .addColumn('gate_type', 'integer', (c) => c.notNull())
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_villa', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('front_levels', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('back_levels', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('ladder_config_one_holder', sql`(card_id is null) <> (face_id is null)`)
    .execute();
  await db.schema
    .createIndex('ladder_config_card_uq')
    .unique()
    .on('ladder_config')
    .columns(['card_id', 'address_id'])
    .where(sql.ref('card_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('ladder_config_face_uq')
    .unique()
    .on('ladder_config')
    .columns(['face_id', 'address_id'])
    .where(sql.ref('face_id'), 'is not', null)
    .execute();
  await db.schema.createIndex('ladder_config_address_idx').on('ladder_config').column('address_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ladder_config').ifExists().execute();
}
