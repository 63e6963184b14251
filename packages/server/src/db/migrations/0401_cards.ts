import { type Kysely, sql } from 'kysely';
import { createGateEntries } from './parts.ts';

/**
 * Access and lift cards (001 §3 "Gate access card") and their door-unit entries
 * ("Gate access to door unit entry"). A card number is unique inside a community.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('card')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('card_id', 'varchar(10)', (c) => c.notNull())
    .addColumn('community_id', 'integer', (c) => c.notNull().references('community.id').onDelete('restrict'))
    .addColumn('address_id', 'integer', (c) => c.notNull().references('address.id').onDelete('restrict'))
    .addColumn('account', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('card_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('card_mode', 'varchar(4)', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) => c.notNull().defaultTo('enable'))
    .addColumn('is_villa', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('card_community_cardid_uq', ['community_id', 'card_id'])
    .execute();
  await db.schema.createIndex('card_community_type_idx').on('card').columns(['community_id', 'card_type', 'id']).execute();
  await db.schema.createIndex('card_address_idx').on('card').column('address_id').execute();
  await db.schema.createIndex('card_account_idx').on('card').column('account').execute();

  await createGateEntries(db, 'card');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('card_gate').ifExists().execute();
  await db.schema.dropTable('card').ifExists().execute();
}
