import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { badRequest } from '../../http/errors.ts';

/** The access groups of a community by name, with their schedule's name (null: Always); more columns may be selected. */
export function groupsWithSchedule(db: Kysely<DB>, communityId: number) {
  return db
    .selectFrom('access_group as g')
    .leftJoin('access_schedule as s', 's.id', 'g.schedule_id')
    .select(['g.id', 'g.name', 's.name as scheduleName'])
    .where('g.community_id', '=', communityId)
    .orderBy('g.name');
}

/**
 * The access groups asked for, distinct and in order, once every one of them is a group of the
 * community; otherwise 400 with `unknownKey`.
 */
export async function groupsOfCommunity(db: Kysely<DB>, communityId: number, ids: number[], unknownKey: string): Promise<number[]> {
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  if (!wanted.length) return wanted;
  const ofCommunity = db.selectFrom('access_group').select('id').where('community_id', '=', communityId);
  const found = await ofCommunity.where('id', 'in', wanted).execute();
  if (found.length !== wanted.length) throw badRequest(unknownKey);
  return wanted;
}
