import { sql } from 'kysely';
import type { Dependent } from '../../db/dependents.ts';

/**
 * Cards hang on a community, on a household (their holder's address) and on door units
 * (their entries): a community or address with cards is not deleted silently.
 */
export const cardDependent: Dependent = {
  key: 'dep.cards',
  tables: ['card', 'card_gate'],
  count: async (db, target) => {
    const q = db.selectFrom('card').select(sql<number>`count(*)::int`.as('n'));
    const row = await ('communityId' in target
      ? q.where('community_id', '=', target.communityId)
      : q.where((eb) =>
          eb.or([
            eb('address_id', '=', target.addressId),
            eb('id', 'in', eb.selectFrom('card_gate as g').select('g.card_id').where('g.gate_id', '=', target.addressId)),
          ]),
        )
    ).executeTakeFirst();
    return row?.n ?? 0;
  },
};
