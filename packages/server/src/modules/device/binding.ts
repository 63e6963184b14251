import { msg, SERIAL_PATTERN, type UnitKind } from '@gatehouse/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { CommandQueue } from '../../devices/commands.ts';
import { desiredCommands, doorUnit } from '../../devices/desired.ts';
import { sealDeviceSecret } from '../../devices/provision/sealed-secrets.ts';
import { hashDeviceSecret, newDeviceSecret } from '../../devices/secrets.ts';
import { badRequest } from '../../http/errors.ts';
import { lockedDoorUnit } from '../../devices/door-unit-rows.ts';

export interface Bound {
  deviceId: number;
  serial: string;
  /** The broker password (gatehouse-mqtt units only; '' for the vendor kinds, which get no broker login). */
  secret: string;
  unitKind: UnitKind;
  /** Serials whose secret stopped working (disconnect them after the commit). */
  revoked: string[];
}

/**
 * Binds the pool device `serial` to a door unit (address type 0), replacing the device
 * bound there before: the new device gets a new secret (only its hash is stored) and
 * the whole desired configuration; the old one is unbound and its secret dropped. Only a
 * gatehouse-mqtt unit gets a secret (its broker login); a vendor unit is reached by its adapter.
 * The address module's activeDevice uses this too (with `autoPool`: a serial not in the
 * pool joins it). Run it inside a transaction.
 */
export async function bindDevice(
  trx: Kysely<DB>,
  q: CommandQueue,
  a: { addressId: number; serial: string; phone?: string | null; ownAddress?: boolean; autoPool?: boolean },
): Promise<Bound> {
  const address = await lockedDoorUnit(trx, a.addressId, 'device.notDoorUnit');
  if (!SERIAL_PATTERN.test(a.serial)) throw badRequest(msg('v.invalid', { field: '@f.dev.serial' }));
  if (a.autoPool) {
    // Activation from the address screen: a serial not yet in the pool joins it, described by the door unit.
    await trx
      .insertInto('device')
      .values({ serial: a.serial, name: address.name.slice(0, 50), is_villa: address.is_villa, hardware: address.hardware, note: '' })
      .onConflict((oc) => oc.column('serial').doNothing())
      .execute();
  }
  const device = await trx
    .selectFrom('device')
    .select(['id', 'address_id', 'unit_kind'])
    .where('serial', '=', a.serial)
    .forUpdate()
    .executeTakeFirst();
  if (!device) throw badRequest(msg('device.notInPool', { regNo: a.serial }));
  if (device.address_id !== null && device.address_id !== a.addressId) throw badRequest(msg('device.alreadyBound', { regNo: a.serial }));
  const revoked: string[] = [];
  const previous = await trx
    .selectFrom('device')
    .select(['id', 'serial', 'phone', 'own_address'])
    .where('address_id', '=', a.addressId)
    .executeTakeFirst();
  if (previous && previous.id !== device.id) {
    await unbindDevice(trx, q, previous.id);
    revoked.push(previous.serial);
  } else if (previous) {
    revoked.push(previous.serial);
  }
  const mqtt = device.unit_kind === 'gatehouse-mqtt';
  const secret = mqtt ? newDeviceSecret() : '';
  await trx
    .updateTable('device')
    .set({
      address_id: a.addressId,
      community_id: address.community_id,
      phone: a.phone !== undefined ? a.phone : (previous?.phone ?? null),
      own_address: a.ownAddress ?? previous?.own_address ?? false,
      secret_hash: mqtt ? hashDeviceSecret(secret) : null,
      secret_box: mqtt ? sealDeviceSecret(secret) : null,
      secret_at: mqtt ? sql<Date>`now()` : null,
      bound_at: sql<Date>`now()`,
      online: false,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', device.id)
    .execute();
  await trx.updateTable('address').set({ devstate: 1, reg_no: a.serial }).where('id', '=', a.addressId).execute();
  await resyncDoorUnit(trx, q, a.addressId);
  return { deviceId: device.id, serial: a.serial, secret, unitKind: device.unit_kind as UnitKind, revoked };
}

/** Unbinds a device: back to the pool, secret dropped, its pending commands cancelled. */
export async function unbindDevice(trx: Kysely<DB>, q: CommandQueue, deviceId: number): Promise<void> {
  const d = await trx.selectFrom('device').select(['address_id']).where('id', '=', deviceId).executeTakeFirst();
  await q.cancelPending(deviceId, 'cmd.info.replaced');
  await trx
    .updateTable('device')
    .set({
      address_id: null,
      community_id: null,
      phone: null,
      own_address: false,
      secret_hash: null,
      secret_box: null,
      secret_at: null,
      bound_at: null,
      online: false,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', deviceId)
    .execute();
  if (d?.address_id) await trx.updateTable('address').set({ devstate: 0, reg_no: null }).where('id', '=', d.address_id).execute();
}

/** Issues a new secret for the device of a door unit; the old one stops working. A vendor unit has none: '' and nothing changes. */
export async function resetSecret(trx: Kysely<DB>, addressId: number): Promise<{ serial: string; secret: string; unitKind: UnitKind }> {
  const d = await trx
    .selectFrom('device')
    .select(['id', 'serial', 'unit_kind'])
    .where('address_id', '=', addressId)
    .forUpdate()
    .executeTakeFirst();
  if (!d) throw badRequest('device.noDevice');
  const unitKind = d.unit_kind as UnitKind;
  if (unitKind !== 'gatehouse-mqtt') return { serial: d.serial, secret: '', unitKind };
  const secret = newDeviceSecret();
  await trx
    .updateTable('device')
    .set({
      secret_hash: hashDeviceSecret(secret),
      secret_box: sealDeviceSecret(secret),
      secret_at: sql<Date>`now()`,
      online: false,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', d.id)
    .execute();
  return { serial: d.serial, secret, unitKind };
}

/**
 * Queues the whole desired configuration of a door unit (a reset, then every part),
 * cancelling what was still pending for its device. Answers the number of commands.
 */
export async function resyncDoorUnit(trx: Kysely<DB>, q: CommandQueue, addressId: number): Promise<number> {
  const door = await doorUnit(trx, addressId);
  if (!door) throw badRequest('device.noDevice');
  const d = await trx.selectFrom('device').select('id').where('address_id', '=', addressId).executeTakeFirstOrThrow();
  await q.cancelPending(d.id, 'cmd.info.resync');
  return q.add(addressId, await desiredCommands(trx, q.doors, door));
}
