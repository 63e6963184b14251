import type { LadderFileEntry } from '@gatehouse/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { LadderConfigTable } from '../../db/tables/cards.ts';
import type { DB } from '../../db/types.ts';
import type { CommandQueue } from '../../devices/commands.ts';
import { doorUnit, type LadderSource, ladderFileCommand } from '../../devices/desired.ts';
import { heldGroupIds, schedulesField } from './reach.ts';

/**
 * A credential's lift entries (`ladder.file`, docs/access-rules.md "Lift floors"): a card's or a
 * face's own lift control on a unit (`ladder_config`), or the lift floors of an access group it
 * holds there (`access_group_lift`), one entry per group. Its own lift control on a unit wins
 * there, as its own door-unit entry does.
 */

/** The lift-control columns of a ladder_config row (alias l), for the dialog and the lift file. */
export const LIFT_COLUMNS = [
  'l.resi_level',
  'l.bank',
  'l.node',
  'l.gate_type',
  'l.is_admin',
  'l.is_villa',
  'l.front_levels',
  'l.back_levels',
] as const;

/** An access group's lift columns (access_group_lift). */
export const GROUP_LIFT_COLUMNS = ['address_id', 'resi_level', 'bank', 'node', 'gate_type', 'front_levels', 'back_levels'] as const;

type LiftFields = Pick<
  Selectable<LadderConfigTable>,
  'resi_level' | 'bank' | 'node' | 'gate_type' | 'is_admin' | 'is_villa' | 'front_levels' | 'back_levels'
>;

/** The lift-control columns under the names the dialog and the lift file use. */
export const presentLift = (r: LiftFields) => ({
  ResiLevel: r.resi_level,
  bank: r.bank,
  node: r.node,
  GateType: r.gate_type,
  isadmin: r.is_admin,
  isVilla: r.is_villa,
  FrontUnlockLevelList: r.front_levels,
  BackUnlockLevelList: r.back_levels,
});

/** A complete lift item of a dialog as the lift row stores it (floor lists without repeats). */
export const liftRowOf = (item: {
  addressid: number;
  ResiLevel?: string;
  bank?: number;
  node?: number;
  GateType?: number;
  FrontUnlockLevelList: string[];
  BackUnlockLevelList: string[];
}) => ({
  address_id: item.addressid,
  resi_level: item.ResiLevel as string,
  bank: item.bank as number,
  node: item.node as number,
  gate_type: item.GateType as number,
  front_levels: JSON.stringify([...new Set(item.FrontUnlockLevelList)]),
  back_levels: JSON.stringify([...new Set(item.BackUnlockLevelList)]),
});

/**
 * Whose entry a lift-file entry is: the card (with its number) or the face. The entry's
 * `cardId` is the card NUMBER: the lift file's field name is fixed by DESIGN.md.
 */
export const ladderHolder = (source: 'card' | 'face', r: { holderId: number; account: string; cardNo?: string }) => ({
  source,
  holderId: r.holderId,
  account: r.account,
  ...(r.cardNo !== undefined ? { cardId: r.cardNo } : {}),
});

/** Door units where the groups give lift floors. */
export async function liftUnitsOfGroups(db: Kysely<DB>, groupIds: number[]): Promise<number[]> {
  if (!groupIds.length) return [];
  const rows = await db.selectFrom('access_group_lift').select('address_id').distinct().where('group_id', 'in', groupIds).execute();
  return rows.map((r) => r.address_id);
}

/** Door units where the credentials have lift floors through their groups. */
async function groupLiftUnitsOf(db: Kysely<DB>, kind: 'card' | 'face', ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('access_group_lift')
    .select('address_id')
    .distinct()
    .where('group_id', 'in', heldGroupIds(db, kind, ids))
    .execute();
  return rows.map((r) => r.address_id);
}

/** Door units where cards have lift floors through their groups (a card's disable, deletion or new account re-sends these files). */
export const groupLiftUnitsOfCards = (db: Kysely<DB>, cardRowIds: number[]) => groupLiftUnitsOf(db, 'card', cardRowIds);

/** Door units where faces have lift floors through their groups. */
export const groupLiftUnitsOfFaces = (db: Kysely<DB>, faceIds: number[]) => groupLiftUnitsOf(db, 'face', faceIds);

/** Door units whose lift file names a card or a face: its own lift control and its access groups' lift floors. */
export async function liftUnitsOfHolder(db: Kysely<DB>, kind: 'card' | 'face', id: number): Promise<number[]> {
  const column = kind === 'card' ? 'card_id' : 'face_id';
  const own = await db.selectFrom('ladder_config').select('address_id').where(column, '=', id).execute();
  return [...new Set([...own.map((r) => r.address_id), ...(await groupLiftUnitsOf(db, kind, [id]))])];
}

/** Re-sends the lift file of each unit, in unit order (units without a device are skipped). */
export async function queueLiftFiles(trx: Kysely<DB>, q: CommandQueue, unitIds: number[]): Promise<number> {
  let n = 0;
  for (const id of [...new Set(unitIds)].sort((a, b) => a - b)) {
    const door = await doorUnit(trx, id);
    if (door) n += await q.add(id, [await ladderFileCommand(trx, q.doors, door)]);
  }
  return n;
}

/** Lift entries of a door unit: enabled cards and enabled faces with a lift configuration of their own there. */
export const ladderEntries: LadderSource = async (db, door): Promise<LadderFileEntry[]> => {
  const cards = await db
    .selectFrom('ladder_config as l')
    .innerJoin('card as c', 'c.id', 'l.card_id')
    .select(['c.id as holderId', 'c.account', 'c.card_no as cardNo', ...LIFT_COLUMNS])
    .where('l.address_id', '=', door.addressId)
    .where('c.status', '=', 'enable')
    .orderBy('l.id')
    .execute();
  const faces = await db
    .selectFrom('ladder_config as l')
    .innerJoin('face as f', 'f.id', 'l.face_id')
    .select(['f.id as holderId', 'f.account', ...LIFT_COLUMNS])
    .where('l.address_id', '=', door.addressId)
    .where('f.status', '=', 'enable')
    .orderBy('l.id')
    .execute();
  const entry = (source: 'card' | 'face', r: (typeof faces)[number] & { cardNo?: string }): LadderFileEntry => ({
    ...ladderHolder(source, r),
    ...presentLift(r),
  });
  return [...cards.map((r) => entry('card', r)), ...faces.map((r) => entry('face', r))];
};

/**
 * The groups' part of a unit's lift file: each enabled card and face that holds a group
 * giving lift floors on the unit, one entry per group, unless the holder has its own lift
 * control there.
 */
export const groupLadderEntries: LadderSource = async (db, door): Promise<LadderFileEntry[]> => {
  const lifts = db
    .selectFrom('access_group_lift as gl')
    .innerJoin('access_group as g', 'g.id', 'gl.group_id')
    .where('gl.address_id', '=', door.addressId);
  const held = ['g.id as groupId', 'g.schedule_id', ...GROUP_LIFT_COLUMNS.map((k) => `gl.${k}` as const)] as const;
  /** A holder's own lift control on the unit (`column` of the ladder config, equal to the holder's `id`): it wins over its groups'. */
  const ownLift = (column: 'l.card_id' | 'l.face_id', id: 'c.id' | 'f.id') =>
    db.selectFrom('ladder_config as l').select('l.id').where(column, '=', sql.ref<number>(id)).where('l.address_id', '=', door.addressId);
  const cards = await lifts
    .innerJoin('access_group_card as gc', 'gc.group_id', 'gl.group_id')
    .innerJoin('card as c', 'c.id', 'gc.card_id')
    .select(['c.id as holderId', 'c.account', 'c.card_no as cardNo', ...held])
    .where('c.status', '=', 'enable')
    .where(({ not, exists }) => not(exists(ownLift('l.card_id', 'c.id'))))
    .orderBy('c.id')
    .orderBy('g.id')
    .execute();
  const faces = await lifts
    .innerJoin('access_group_face as gf', 'gf.group_id', 'gl.group_id')
    .innerJoin('face as f', 'f.id', 'gf.face_id')
    .select(['f.id as holderId', 'f.account', ...held])
    .where('f.status', '=', 'enable')
    .where(({ not, exists }) => not(exists(ownLift('l.face_id', 'f.id'))))
    .orderBy('f.id')
    .orderBy('g.id')
    .execute();
  const entry = (source: 'card' | 'face', r: (typeof faces)[number] & { cardNo?: string }): LadderFileEntry => ({
    ...ladderHolder(source, r),
    ...presentLift({ ...r, is_admin: 0, is_villa: 0 }),
    group: r.groupId,
    ...schedulesField([r.schedule_id ?? 0]),
  });
  return [...cards.map((r) => entry('card', r)), ...faces.map((r) => entry('face', r))];
};
