import { sql } from 'kysely';
import type { Dependent } from '../../db/dependents.ts';

const n = async (q: Promise<{ n: number } | undefined>) => (await q)?.n ?? 0;

/** Accounts of a community (own, household or managed) or of an address. */
export const accountDependent: Dependent = {
  key: 'dep.accounts',
  tables: ['account', 'account_community'],
  count: (db, target) =>
    'communityId' in target
      ? n(
          db
            .selectFrom('account')
            .select(sql<number>`count(*)::int`.as('n'))
            .where((eb) =>
              eb.or([
                eb('community_id', '=', target.communityId),
                eb('address_id', 'in', eb.selectFrom('address').select('id').where('community_id', '=', target.communityId)),
                eb('id', 'in', eb.selectFrom('account_community').select('account_id').where('community_id', '=', target.communityId)),
              ]),
            )
            .executeTakeFirst(),
        )
      : n(
          db.selectFrom('account').select(sql<number>`count(*)::int`.as('n')).where('address_id', '=', target.addressId).executeTakeFirst(),
        ),
};
