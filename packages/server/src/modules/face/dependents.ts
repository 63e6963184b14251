import { sql } from 'kysely';
import type { Dependent } from '../../db/dependents.ts';

/**
 * Faces hang on a community, a household and door units: a community or address that
 * still has faces (as household or as configured door unit) is not deleted silently.
 */
export const faceDependent: Dependent = {
  key: 'dep.faces',
  tables: ['face', 'face_gate'],
  count: async (db, target) => {
    const q = db.selectFrom('face').select(sql<number>`count(*)::int`.as('n'));
    const row = await ('communityId' in target
      ? q.where('community_id', '=', target.communityId)
      : q.where((eb) =>
          eb.or([
            eb('address_id', '=', target.addressId),
            eb('id', 'in', eb.selectFrom('face_gate').select('face_id').where('gate_id', '=', target.addressId)),
          ]),
        )
    ).executeTakeFirst();
    return row?.n ?? 0;
  },
};
