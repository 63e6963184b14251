import { type Kysely, sql } from 'kysely';
import { createTableWithId, ref, withLiftFloors, withLiftPlace, withUpdatedAt } from './columns.ts';
import { createIndexes, dropTables } from './schema.ts';

/**
 * Lift (ladder) control per holder and door unit (001 §3 "Ladder config item"):
 * exactly one of card_id / face_id is set (source 0 card, 1 face).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'ladder_config')
    .addColumn('card_id', 'integer', (c) => c.references('card.id').onDelete('cascade'))
    .addColumn('face_id', 'integer', (c) => c.references('face.id').onDelete('cascade'))
    .addColumn('address_id', 'integer', ref('address.id', 'cascade'))
    .$call(withLiftPlace)
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_villa', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(withLiftFloors)
    .$call(withUpdatedAt)
    .addCheckConstraint('ladder_config_one_holder', sql`(card_id is null) <> (face_id is null)`)
    .execute();
  await createIndexes(db, 'ladder_config', {
    ladder_config_card_uq: { columns: ['card_id', 'address_id'], unique: true, where: [['card_id', 'is not', null]] },
    ladder_config_face_uq: { columns: ['face_id', 'address_id'], unique: true, where: [['face_id', 'is not', null]] },
    ladder_config_address_idx: ['address_id'],
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['ladder_config']);
}
