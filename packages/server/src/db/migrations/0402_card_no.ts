import { type Kysely, sql } from 'kysely';

/**
 * The card number column is card_no: `card_id` read as the card's row id, which is what
 * card_gate.card_id and ladder_config.card_id hold. The API keeps the spec's `cardid`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table card rename column card_id to card_no`.execute(db);
  await sql`alter table card rename constraint card_community_cardid_uq to card_community_card_no_uq`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table card rename constraint card_community_card_no_uq to card_community_cardid_uq`.execute(db);
  await sql`alter table card rename column card_no to card_id`.execute(db);
}
