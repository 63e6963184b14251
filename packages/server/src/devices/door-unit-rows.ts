import { ADDRESS_TYPE } from '@gatehouse/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.ts';
import { badRequest, notFound } from '../http/errors.ts';

/**
 * Door-unit addresses as the areas that configure units read them (binding and activation, tables,
 * emergency modes, the time-zone setting). Foundation: the address, device and rules areas use it,
 * so none of them reaches into another for it.
 */

/** The addresses of a community that have a device bound (`a` the address, `d` its device): the units a table or a mode reaches. */
export const unitsWithDevice = (db: Kysely<DB>, communityId: number) =>
  db.selectFrom('address as a').innerJoin('device as d', 'd.address_id', 'a.id').select('a.id').where('a.community_id', '=', communityId);

/**
 * A door unit's address row, locked until the transaction ends (activation, binding a device):
 * 404 when there is no such address, 400 with `notDoorUnitKey` when it is not a door unit.
 */
export async function lockedDoorUnit(trx: Kysely<DB>, addressId: number, notDoorUnitKey: string) {
  const row = await trx
    .selectFrom('address')
    .select(['id', 'community_id', 'address', 'name', 'type', 'devstate', 'reg_no', 'is_villa', 'hardware'])
    .where('id', '=', addressId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  if (row.type !== ADDRESS_TYPE.doorUnit) throw badRequest(notDoorUnitKey);
  return row;
}
