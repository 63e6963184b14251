import { ADDRESS_TYPE } from '@gatehouse/contracts';
import { sql } from 'kysely';
import type { Dependent } from '../../db/dependents.ts';

/** Door units with an active device (devstate 1), and pool devices bound there. */
export const deviceDependent: Dependent = {
  key: 'dep.devices',
  tables: ['device'],
  count: async (db, target) => {
    let q = db
      .selectFrom('address')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('type', '=', ADDRESS_TYPE.doorUnit)
      .where((eb) =>
        eb.or([eb('devstate', '=', 1), eb('id', 'in', eb.selectFrom('device').select('address_id').where('address_id', 'is not', null))]),
      );
    q = 'communityId' in target ? q.where('community_id', '=', target.communityId) : q.where('id', '=', target.addressId);
    return (await q.executeTakeFirst())?.n ?? 0;
  },
};
