import { ADDRESS_TYPE, type Option } from '@gatehouse/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.ts';

/** A door unit's hardware (`a` the address, `d` its device): the bound device's bits, or the address's flags when none is bound. */
export const gateHardware = sql<number>`coalesce(d.hardware, a.hardware)`;

/**
 * Door units of a community whose hardware has the `HARDWARE` bit (a card reader, a face
 * camera): only those may be offered and assigned a card or a face. By address.
 */
export function doorUnitsWith(db: Kysely<DB>, communityId: number, bit: number) {
  return db
    .selectFrom('address as a')
    .leftJoin('device as d', 'd.address_id', 'a.id')
    .select(['a.id', 'a.address', 'a.name', 'a.is_villa'])
    .where('a.community_id', '=', communityId)
    .where('a.type', '=', ADDRESS_TYPE.doorUnit)
    .where(sql<number>`${gateHardware} & ${bit}`, '<>', 0)
    .orderBy('a.address')
    .orderBy('a.id')
    .execute();
}

/** The door units (address type 0) of a community, as dialog options. */
export async function doorUnitsOf(db: Kysely<DB>, communityId: number) {
  return db
    .selectFrom('address')
    .select(['id', 'address', 'name', 'is_villa'])
    .where('community_id', '=', communityId)
    .where('type', '=', ADDRESS_TYPE.doorUnit)
    .orderBy('address')
    .orderBy('id')
    .execute();
}
export const gmOptions = (units: { id: number; address: string }[]): Option[] => units.map((u) => ({ intValue: u.id, label: u.address }));
