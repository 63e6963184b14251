import { CMD_KIND, HARDWARE } from '@gatehouse/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.ts';
import { command, type NewCommand } from '../../devices/new-command.ts';
import type { DesiredSource } from '../../devices/desired.ts';
import type { Place } from '../../devices/places.ts';

/**
 * Withdrawing visitor QR codes from door units (`qr.revoke`, docs/device-protocol.md §8). Units
 * check QR codes offline against the signed validity, so a code ended early (a move-out) is sent
 * to every unit it works on — its own unit unless made for its groups only, and the units of its
 * access groups (the review's places) — which then refuses it until its signed expiry. The
 * revocation is part of a unit's full configuration (activation, resync, replacement) while
 * that expiry lies ahead (`visitor_qrcode.revoked_until`).
 */

/** The revocation of one code; object `qr:<id>` (a newer pending one for the code supersedes). */
export function qrRevokeCommand(id: number, signedExpiry: Date, account?: string): NewCommand {
  return command(
    CMD_KIND.qrRevoke,
    { id, until: Math.floor(signedExpiry.getTime() / 1000) },
    { objectKey: `qr:${id}`, ...(account ? { account } : {}) },
  );
}

/** The door units a QR code works on (its own and its groups'), from the review's places. */
export const qrUnits = (places: Place[], id: number): number[] => [
  ...new Set(places.filter((p) => p.kind === 'qrcode' && p.id === id && p.gateId > 0).map((p) => p.gateId)),
];

/** The revocations of the codes that work on a door unit and have not reached their signed expiry. */
async function revocationsOnUnit(db: Kysely<DB>, addressId: number): Promise<NewCommand[]> {
  const rows = await db
    .selectFrom('visitor_qrcode as v')
    .select(['v.id', 'v.user_regno', 'v.revoked_until'])
    .where('v.revoked_until', '>', sql<Date>`now()`)
    .where((eb) =>
      eb.or([
        eb.and([eb('v.address_id', '=', addressId), eb('v.groups_only', '=', 0)]),
        eb(
          'v.id',
          'in',
          eb
            .selectFrom('visitor_qrcode_group as qg')
            .innerJoin('access_group_unit as gu', 'gu.group_id', 'qg.group_id')
            .select(sql<number>`qg.qrcode_id`.as('qrcode_id'))
            .where('gu.address_id', '=', addressId),
        ),
      ]),
    )
    .orderBy('v.id')
    .execute();
  return rows.map((r) => qrRevokeCommand(Number(r.id), r.revoked_until as Date, r.user_regno));
}

/** The review area's desired source: part of a unit's full configuration (activation, resync, replacement). */
export const revokedQrsOfUnit: DesiredSource = async (db, door) =>
  door.hardware & HARDWARE.qrcode ? revocationsOnUnit(db, door.addressId) : [];

/**
 * The revocations for a unit whose groups changed (sent with its group table): a code revoked
 * earlier and given a group the unit has just joined is refused there too. None for a unit
 * without a device or without a QR reader.
 */
export async function revocationsFor(db: Kysely<DB>, addressId: number): Promise<NewCommand[]> {
  const dev = await db.selectFrom('device').select('hardware').where('address_id', '=', addressId).executeTakeFirst();
  return dev && dev.hardware & HARDWARE.qrcode ? revocationsOnUnit(db, addressId) : [];
}
