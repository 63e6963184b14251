import { ADDRESS_TYPE } from '@gatehouse/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { badRequest, notFound } from '../../http/errors.ts';

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
