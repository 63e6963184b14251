import { msg } from '@gatehouse/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { conflict } from '../../http/errors.ts';
import { lockedDoorUnit } from '../../devices/door-unit-rows.ts';

export interface Activation {
  addressId: number;
  communityId: number;
  address: string;
  before: { devstate: number; regNo: string | null };
  after: { devstate: number; regNo: string };
}

/**
 * Activates (or replaces) the device of a door unit: the address keeps the serial number
 * and devstate 1 (000 §3, §4). A serial active on another address is refused. This is
 * the one place activation happens; run it inside the caller's transaction (the device
 * area adds secret issuance and configuration around it).
 */
export async function activateDevice(trx: Kysely<DB>, a: { addressId: number; serial: string }): Promise<Activation> {
  const row = await lockedDoorUnit(trx, a.addressId, 'addr.notDoorUnit');
  const other = await trx
    .selectFrom('address')
    .select(['address'])
    .where('reg_no', '=', a.serial)
    .where('devstate', '=', 1)
    .where('id', '<>', row.id)
    .executeTakeFirst();
  if (other) throw conflict(msg('addr.serialTaken', { regNo: a.serial, address: other.address }));
  await trx.updateTable('address').set({ reg_no: a.serial, devstate: 1 }).where('id', '=', row.id).execute();
  return {
    addressId: row.id,
    communityId: row.community_id,
    address: row.address,
    before: { devstate: row.devstate, regNo: row.reg_no },
    after: { devstate: 1, regNo: a.serial },
  };
}
