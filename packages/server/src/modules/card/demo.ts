import { ADDRESS_TYPE, LIMITS } from '@gatehouse/contracts';
import type { Db } from '../../db/index.ts';

/**
 * Demo cards of a community (DEMO=1, empty database): door, patrol, lift and access-lift
 * cards of its households, configured on its door units for the default validity, and
 * one lift configuration, so the card screens, the door-unit card list and the devices
 * (sent at binding, through the desired configuration) show real data.
 */
export async function seedDemoCards(db: Db, communityId: number, holder: { account: string; name: string }): Promise<void> {
  const addresses = await db.selectFrom('address').select(['id', 'type']).where('community_id', '=', communityId).orderBy('id').execute();
  const homes = addresses.filter((a) => a.type === ADDRESS_TYPE.householder).map((a) => a.id);
  const gates = addresses.filter((a) => a.type === ADDRESS_TYPE.doorUnit).map((a) => a.id);
  if (!homes.length || !gates.length) return;
  const cards = [
    { card_no: '10000001', card_type: 'accesscard', card_mode: 'ic', status: 'enable', account: holder.account, user_name: holder.name },
    { card_no: '10000002', card_type: 'patrolcard', card_mode: 'id', status: 'enable', account: '13900000005', user_name: '' },
    { card_no: '10000003', card_type: 'laddercard', card_mode: 'ic', status: 'enable', account: holder.account, user_name: holder.name },
    { card_no: '10000004', card_type: 'accladdcard', card_mode: 'ic', status: 'disable', account: '13900000009', user_name: '' },
  ];
  const now = new Date();
  const until = new Date(now);
  until.setFullYear(until.getFullYear() + LIMITS.cardValidityYears);
  for (const [i, c] of cards.entries()) {
    const row = await db
      .insertInto('card')
      .values({ ...c, community_id: communityId, address_id: homes[i % homes.length] as number, is_villa: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (c.card_type !== 'laddercard') {
      await db
        .insertInto('card_gate')
        .values(gates.map((g) => ({ card_id: row.id, gate_id: g, validfrom: now, validto: until, info: 'demo', is_villa: 0 })))
        .execute();
    } else {
      await db
        .insertInto('ladder_config')
        .values({
          card_id: row.id,
          address_id: gates[0] as number,
          resi_level: '01',
          bank: 0,
          node: 1,
          gate_type: 0,
          front_levels: JSON.stringify(['01', '02']),
          back_levels: JSON.stringify([]),
        })
        .execute();
    }
  }
}
