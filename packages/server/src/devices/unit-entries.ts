import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/types.ts';
import type { AuthCtx } from '../http/context.ts';
import { formatDateTime, parseDateTime } from '../http/dates.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { type OpLogEntry, writeOpLog } from '../http/oplog.ts';
import { type CommandQueue, withCommands } from './commands.ts';

/**
 * One entry of a card or a face on a door unit (a `card_gate` or `face_gate` row), loaded
 * for a change by its area (404 and 403 already answered): the credential's status and community.
 */
export interface UnitEntry {
  id: number;
  is_villa: number;
  status: string;
  community_id: number;
}

/** An entry's validity and note as its op log rows show them. */
export const validityView = (e: { validfrom: Date; validto: Date; info: string }, tz: string) => ({
  validfrom: formatDateTime(e.validfrom, tz),
  validto: formatDateTime(e.validto, tz),
  info: e.info,
});

/** An entry's new validity and note as the edit dialog sent them (400 unless both dates read and are in order). */
export function newValidity(i: { validfrom: string; validto: string; info?: string }, tz: string) {
  const validfrom = parseDateTime(i.validfrom, tz);
  const validto = parseDateTime(i.validto, tz);
  if (!validfrom || !validto || validfrom >= validto) throw badRequest('v.dateOrder');
  return { validfrom, validto, info: i.info ?? '' };
}

/** What an entry change sends to the door unit (the credential's state there) and how it is logged. */
interface EntryChange {
  send: (trx: Kysely<DB>, q: CommandQueue) => Promise<unknown>;
  log: Omit<OpLogEntry, 'communityId'>;
}

/**
 * Sets an entry's validity and note (400 unless both dates read and are in order), sends the unit
 * the credential's state and logs the change (`after` is `before` with the new validity), in one
 * transaction.
 */
export async function updateUnitEntry(
  ctx: AuthCtx,
  table: 'card_gate' | 'face_gate',
  e: UnitEntry,
  input: Parameters<typeof newValidity>[0],
  change: EntryChange,
): Promise<void> {
  const validity = newValidity(input, ctx.config.TZ_NAME);
  await withCommands(ctx, async (trx, q) => {
    await trx.updateTable(table).set(validity).where('id', '=', e.id).execute();
    await change.send(trx, q);
    const after = { ...(change.log.before as object), ...validityView(validity, ctx.config.TZ_NAME) };
    await writeOpLog(trx, ctx, { ...change.log, after, communityId: e.community_id });
  });
}

/** Removes an entry (not a single-family one: 403) and sends the unit the credential's state without it; logged. */
export async function deleteUnitEntry(ctx: AuthCtx, table: 'card_gate' | 'face_gate', e: UnitEntry, change: EntryChange): Promise<void> {
  if (e.is_villa !== 0) throw forbidden('addr.villaNoDelete');
  await withCommands(ctx, async (trx, q) => {
    await trx.deleteFrom(table).where('id', '=', e.id).execute();
    await change.send(trx, q);
    await writeOpLog(trx, ctx, { ...change.log, communityId: e.community_id });
  });
}

/**
 * Sends an enabled credential to its entry's door unit again (a disabled one: 400 with
 * `disabledKey`); logged. `send` answers how many it queued.
 */
export async function redownloadUnitEntry(
  ctx: AuthCtx,
  e: UnitEntry,
  disabledKey: string,
  change: { send: (trx: Kysely<DB>, q: CommandQueue) => Promise<number>; log: (q: CommandQueue) => EntryChange['log'] },
): Promise<{ queued: number }> {
  if (e.status !== 'enable') throw badRequest(disabledKey);
  return withCommands(ctx, async (trx, q) => {
    const queued = await change.send(trx, q);
    await writeOpLog(trx, ctx, { ...change.log(q), communityId: e.community_id });
    return { queued };
  });
}

/** The column of an entry table naming its card or face. */
const HOLDER = { card_gate: 'card_id', face_gate: 'face_id' } as const;

/**
 * The entries of one card or face with their door units' addresses, by address then entry (the
 * download dialog's list); the card or face id is answered under `holderKey`.
 */
export async function entriesOf<K extends string>(db: Kysely<DB>, table: keyof typeof HOLDER, holderId: number, tz: string, holderKey: K) {
  const rows = await db
    .selectFrom(table)
    .innerJoin('address as a', 'a.id', `${table}.gate_id`)
    .select([
      `${table}.id`,
      `${table}.gate_id`,
      sql.ref<number>(`${table}.${HOLDER[table]}`).as('holder'),
      `${table}.validfrom`,
      `${table}.validto`,
      `${table}.info`,
      'a.address',
      `${table}.is_villa`,
    ])
    .where(sql.ref(`${table}.${HOLDER[table]}`), '=', holderId)
    .orderBy('a.address')
    .orderBy(`${table}.id`)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    gateID: r.gate_id,
    ...({ [holderKey]: r.holder } as Record<K, number>),
    ...validityView(r, tz),
    address: r.address,
    isVilla: r.is_villa,
  }));
}
