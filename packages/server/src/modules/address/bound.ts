import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';

/** The addresses of a community that have a device bound (`a` the address, `d` its device): the units a table or a mode reaches. */
export const unitsWithDevice = (db: Kysely<DB>, communityId: number) =>
  db.selectFrom('address as a').innerJoin('device as d', 'd.address_id', 'a.id').select('a.id').where('a.community_id', '=', communityId);
