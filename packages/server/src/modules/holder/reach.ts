import { ALWAYS_SCHEDULE_ID } from '@gatehouse/contracts';
import { type Kysely, sql } from 'kysely';
import { anyInt } from '../../db/sql.ts';
import type { DB } from '../../db/types.ts';

/**
 * How a card reaches a door unit through access groups. A card's entry on a unit is one
 * `card.put` (object key card:<number>): its own door-unit entry (validity, any time) wins;
 * without one, the groups that hold the unit give it their schedules (any of them opens).
 */

/** The table linking each kind of credential to the access groups it holds, and the credential's column there. */
export const GROUP_LINK = {
  card: { table: 'access_group_card', holder: 'card_id' },
  face: { table: 'access_group_face', holder: 'face_id' },
  qrcode: { table: 'visitor_qrcode_group', holder: 'qrcode_id' },
} as const;
export type GroupLinkKind = keyof typeof GROUP_LINK;

/** The table of each kind's own door-unit entries, and the credential's column there (a visitor QR code has none). */
export const ENTRY_LINK = {
  card: { table: 'card_gate', holder: 'card_id' },
  face: { table: 'face_gate', holder: 'face_id' },
} as const;

/** The ids of the groups these credentials hold (usable as a subquery). */
export function heldGroupIds(db: Kysely<DB>, kind: GroupLinkKind, ids: number[]) {
  const { table, holder } = GROUP_LINK[kind];
  return db.selectFrom(table).select('group_id').where(holder, '=', anyInt(ids));
}

/**
 * Schedules each of these cards or faces holds on each unit through its groups: holder → unit →
 * schedule ids (0: Always). One statement, the lists as array parameters.
 */
export async function groupSchedulesOfHolders(
  db: Kysely<DB>,
  kind: 'card' | 'face',
  ids: readonly number[],
  unitIds: readonly number[] | undefined,
): Promise<Map<number, Map<number, number[]>>> {
  const out = new Map<number, Map<number, number[]>>();
  if (!ids.length || (unitIds && !unitIds.length)) return out;
  const { table, holder } = GROUP_LINK[kind];
  const onUnits = unitIds ? sql`and gu.address_id = ${anyInt(unitIds)}` : sql``;
  const { rows } = await sql<{ holder: number; address_id: number; schedule_id: number | null }>`
    select m.${sql.ref(holder)} as holder, gu.address_id, g.schedule_id
    from ${sql.table(table)} m
    join access_group g on g.id = m.group_id
    join access_group_unit gu on gu.group_id = g.id
    where m.${sql.ref(holder)} = ${anyInt(ids)} ${onUnits}`.execute(db);
  for (const r of rows) {
    const units = out.get(r.holder) ?? new Map<number, number[]>();
    const list = units.get(r.address_id) ?? [];
    const schedule = r.schedule_id ?? ALWAYS_SCHEDULE_ID;
    if (!list.includes(schedule)) list.push(schedule);
    units.set(r.address_id, list);
    out.set(r.holder, units);
  }
  return out;
}

/** Schedules a card or face holds on each unit through its groups: unit → schedule ids (0: Always). */
const groupSchedulesOf = async (db: Kysely<DB>, kind: 'card' | 'face', id: number, unitIds: number[] | undefined) =>
  (await groupSchedulesOfHolders(db, kind, [id], unitIds)).get(id) ?? new Map<number, number[]>();

/** Schedules a card holds on each unit through its groups: unit → schedule ids (0: Always). */
export const groupSchedulesOfCard = (db: Kysely<DB>, cardRowId: number, unitIds?: number[]) =>
  groupSchedulesOf(db, 'card', cardRowId, unitIds);

/** Schedules a face holds on each unit through its groups: unit → schedule ids (0: Always). */
export const groupSchedulesOfFace = (db: Kysely<DB>, faceId: number, unitIds?: number[]) => groupSchedulesOf(db, 'face', faceId, unitIds);

/** The `schedules` of a put through groups: none when one of them is Always. */
export const schedulesField = (schedules: number[]): { schedules?: number[] } => {
  const sorted = [...new Set(schedules)].sort((a, b) => a - b);
  return sorted.includes(ALWAYS_SCHEDULE_ID) ? {} : { schedules: sorted };
};

/**
 * Credentials that reach a unit through groups, read one row per group: one entry per
 * credential (the first row of its `id`), with its groups' schedules (Always where a group has none).
 */
export function schedulesByHolder<T extends { schedule_id: number | null }>(
  rows: T[],
  id: (r: T) => number,
): { holder: T; schedules: number[] }[] {
  const byHolder = new Map<number, { holder: T; schedules: number[] }>();
  for (const r of rows) {
    const e = byHolder.get(id(r)) ?? { holder: r, schedules: [] };
    e.schedules.push(r.schedule_id ?? ALWAYS_SCHEDULE_ID);
    byHolder.set(id(r), e);
  }
  return [...byHolder.values()];
}

/** Every door unit each card or face is on: its own entries and its groups' units, each pair once. */
async function unitsOfHolders(
  db: Kysely<DB>,
  kind: keyof typeof ENTRY_LINK,
  ids: readonly number[],
): Promise<{ holder: number; gate_id: number }[]> {
  if (!ids.length) return [];
  const own = ENTRY_LINK[kind];
  const link = GROUP_LINK[kind];
  const mine = await sql<{ holder: number; gate_id: number }>`
    select ${sql.ref(own.holder)} as holder, gate_id from ${sql.table(own.table)} where ${sql.ref(own.holder)} = ${anyInt(ids)}`.execute(
    db,
  );
  const viaGroups = await sql<{ holder: number; gate_id: number }>`
    select m.${sql.ref(link.holder)} as holder, gu.address_id as gate_id
    from ${sql.table(link.table)} m
    join access_group_unit gu on gu.group_id = m.group_id
    where m.${sql.ref(link.holder)} = ${anyInt(ids)}`.execute(db);
  const seen = new Set<string>();
  return [...mine.rows, ...viaGroups.rows].filter((r) => {
    const k = `${r.holder}:${r.gate_id}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Every door unit each card is on: its own entries and its groups' units. */
export const unitsOfCards = async (db: Kysely<DB>, cardRowIds: number[]): Promise<{ card_id: number; gate_id: number }[]> =>
  (await unitsOfHolders(db, 'card', cardRowIds)).map((r) => ({ card_id: r.holder, gate_id: r.gate_id }));

/** Every door unit a face is on: its own entries and its groups' units. */
export const unitsOfFace = async (db: Kysely<DB>, faceId: number): Promise<number[]> =>
  (await unitsOfHolders(db, 'face', [faceId])).map((r) => r.gate_id);
