import { type CallCodeEntry, CMD_KIND } from '@gatehouse/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { CommandQueue } from '../../devices/commands.ts';
import { command, type NewCommand } from '../../devices/new-command.ts';
import { type DesiredSource, doorUnit, profileCommands } from '../../devices/desired.ts';

/** The complete call-code table of a door unit as one command (it replaces the previous one). */
export async function callCodeCommand(db: Kysely<DB>, callerId: number, isVilla: number): Promise<NewCommand> {
  const rows = await db
    .selectFrom('amt')
    .innerJoin('address as d', 'd.id', 'amt.called_address_id')
    .select(['amt.code', 'd.id', 'd.address', 'd.name'])
    .where('amt.caller_address_id', '=', callerId)
    .orderBy('amt.code')
    .execute();
  const entries: CallCodeEntry[] = rows.map((r) => ({ code: r.code, addressId: r.id, address: r.address, name: r.name }));
  return command(CMD_KIND.callCodes, { addressId: callerId, isVilla, entries }, { objectKey: 'amt' });
}

/** Call codes are part of a door unit's desired configuration (sent on activation and resync). */
export const callCodeSource: DesiredSource = async (db, door) => [await callCodeCommand(db, door.addressId, door.isVilla)];

/** Queues the call-code table of each door unit (those without a device are skipped by the queue). */
export async function queueCallCodes(trx: Kysely<DB>, q: CommandQueue, callerIds: number[]): Promise<void> {
  const callers = await trx
    .selectFrom('address')
    .select(['id', 'is_villa'])
    .where('id', 'in', callerIds.length ? callerIds : [-1])
    .execute();
  for (const c of callers) await q.add(c.id, [await callCodeCommand(trx, c.id, c.is_villa)]);
}

/**
 * After an address changed: its own profile (when it is a door unit with a device) and
 * the call-code tables of the door units that call it (the label changed).
 */
export async function queueAddressChange(trx: Kysely<DB>, q: CommandQueue, addressId: number): Promise<void> {
  const door = await doorUnit(trx, addressId);
  if (door) await q.add(addressId, await profileCommands(trx, door));
  const callers = await trx.selectFrom('amt').select('caller_address_id').distinct().where('called_address_id', '=', addressId).execute();
  await queueCallCodes(
    trx,
    q,
    callers.map((c) => c.caller_address_id),
  );
}
