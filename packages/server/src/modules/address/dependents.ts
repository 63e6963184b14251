import { sql } from 'kysely';
import type { Dependent } from '../../db/dependents.ts';

/** Call codes of a community, or naming an address as caller or called. */
export const callCodeDependent: Dependent = {
  key: 'dep.callCodes',
  tables: ['amt'],
  count: async (db, target) => {
    const q = db.selectFrom('amt').select(sql<number>`count(*)::int`.as('n'));
    const row = await ('communityId' in target
      ? q.where('community_id', '=', target.communityId)
      : q.where((eb) => eb.or([eb('caller_address_id', '=', target.addressId), eb('called_address_id', '=', target.addressId)]))
    ).executeTakeFirst();
    return row?.n ?? 0;
  },
};
