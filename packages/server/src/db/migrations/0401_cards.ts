import type { Kysely } from 'kysely';
import { createTableWithId, withHousehold, withTimestamps } from './columns.ts';
import { createCredentialLookups } from './parts.ts';
import { createIndexes, dropTables } from './schema.ts';

/**
 * Access and lift cards (001 §3 "Gate access card") and their door-unit entries
 * ("Gate access to door unit entry"). A card number is unique inside a community.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'card')
    .addColumn('card_id', 'varchar(10)', (c) => c.notNull())
    .$call(withHousehold)
    .addColumn('account', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('card_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('card_mode', 'varchar(4)', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) => c.notNull().defaultTo('enable'))
    .addColumn('is_villa', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(withTimestamps)
    .addUniqueConstraint('card_community_cardid_uq', ['community_id', 'card_id'])
    .execute();
  await createIndexes(db, 'card', { card_community_type_idx: ['community_id', 'card_type', 'id'] });
  await createCredentialLookups(db, 'card');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['card_gate', 'card']);
}
