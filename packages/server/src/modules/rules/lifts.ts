import { CMD_KIND, type GroupLift, type LadderFileEntry, msg, type ParsedInput, type ROUTES } from '@gatehouse/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { CommandQueue } from '../../devices/commands.ts';
import { command, type NewCommand } from '../../devices/new-command.ts';
import { doorUnit, type LadderSource, ladderFileCommand } from '../../devices/desired.ts';
import { badRequest } from '../../http/errors.ts';
import { revocationsFor } from '../review/qr-revoke.ts';
import { ladderHolder, liftRowOf, presentLift } from '../card/queries.ts';
import { heldGroupIds, schedulesField } from './credentials.ts';

/**
 * Lift floors in access groups (docs/access-rules.md "Lift floors"): a group may give, on
 * each of its door units, the lift fields of the card lift dialog (resident floor, lift
 * group, lift number, door type, front and back floors). Every enabled card and face of the
 * group then has an entry in that unit's lift file (`ladder.file`), carrying the group
 * (`group`) and its schedule (`schedules`, absent for Always). A holder's own lift control
 * on a unit wins there, as its own door-unit entry does.
 */

type LiftItem = NonNullable<ParsedInput<typeof ROUTES.rules.saveGroup>['lifts']>[number];

/** A group's lift row as stored (floors as JSON text for writing). */
export interface LiftRow {
  address_id: number;
  resi_level: string;
  bank: number;
  node: number;
  gate_type: number;
  front_levels: string;
  back_levels: string;
}

const LIFT_SELECT = ['address_id', 'resi_level', 'bank', 'node', 'gate_type', 'front_levels', 'back_levels'] as const;

/** The lift floors of the groups, by group (ordered by unit). */
export async function liftsOfGroups(db: Kysely<DB>, groupIds: number[]): Promise<Map<number, GroupLift[]>> {
  const map = new Map<number, GroupLift[]>();
  if (!groupIds.length) return map;
  const rows = await db
    .selectFrom('access_group_lift')
    .select(['group_id', ...LIFT_SELECT])
    .where('group_id', 'in', groupIds)
    .orderBy('group_id')
    .orderBy('address_id')
    .execute();
  for (const r of rows) {
    const list = map.get(r.group_id) ?? [];
    list.push({
      addressid: r.address_id,
      ResiLevel: r.resi_level,
      bank: r.bank,
      node: r.node,
      GateType: r.gate_type,
      FrontUnlockLevelList: r.front_levels,
      BackUnlockLevelList: r.back_levels,
    });
    map.set(r.group_id, list);
  }
  return map;
}

/**
 * Checks the dialog's lift items against the group's (new) door units: each on a unit of the
 * group, once; the four fields all or none (none: no lift there). 400 with every problem,
 * naming the door unit.
 */
export function wantedLifts(items: LiftItem[], units: number[], names: Map<number, string>): LiftRow[] {
  const errors: string[] = [];
  const seen = new Set<number>();
  const wanted: LiftRow[] = [];
  for (const item of items) {
    const name = names.get(item.addressid) ?? String(item.addressid);
    if (!units.includes(item.addressid)) {
      errors.push(msg('rules.liftNotInGroup', { name }));
      continue;
    }
    if (seen.has(item.addressid)) {
      errors.push(msg('rules.liftTwice', { name }));
      continue;
    }
    seen.add(item.addressid);
    const filled = [item.ResiLevel, item.bank, item.node, item.GateType].filter((v) => v !== undefined).length;
    const floors = item.FrontUnlockLevelList.length + item.BackUnlockLevelList.length;
    if (filled === 0 && !floors) continue;
    if (filled < 4) {
      errors.push(msg('card.ladderIncomplete', { name }));
      continue;
    }
    wanted.push(liftRowOf(item));
  }
  if (errors.length) throw badRequest(...errors);
  return wanted.sort((a, b) => a.address_id - b.address_id);
}

const liftKey = (r: LiftRow) => JSON.stringify([r.resi_level, r.bank, r.node, r.gate_type, r.front_levels, r.back_levels]);

/** The group's stored lift rows (floors as JSON text, comparable with wanted rows). */
export async function storedLifts(db: Kysely<DB>, groupId: number): Promise<LiftRow[]> {
  const rows = await db.selectFrom('access_group_lift').select(LIFT_SELECT).where('group_id', '=', groupId).orderBy('address_id').execute();
  return rows.map((r) => ({ ...r, front_levels: JSON.stringify(r.front_levels), back_levels: JSON.stringify(r.back_levels) }));
}

/**
 * Makes the group's lift rows these (after its units were updated: rows of removed units are
 * already gone with them). Answers the units whose lift rows changed (before or after).
 */
export async function replaceLifts(trx: Kysely<DB>, groupId: number, before: LiftRow[], wanted: LiftRow[]): Promise<number[]> {
  const changed = new Set<number>();
  for (const old of before) {
    const w = wanted.find((x) => x.address_id === old.address_id);
    if (w && liftKey(w) === liftKey(old)) continue;
    changed.add(old.address_id);
    await trx.deleteFrom('access_group_lift').where('group_id', '=', groupId).where('address_id', '=', old.address_id).execute();
  }
  for (const w of wanted) {
    const old = before.find((x) => x.address_id === w.address_id);
    if (old && liftKey(old) === liftKey(w)) continue;
    changed.add(w.address_id);
    await trx
      .insertInto('access_group_lift')
      .values({ group_id: groupId, ...w })
      .execute();
  }
  return [...changed].sort((a, b) => a - b);
}

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
export const groupLiftUnitsOfCards = (db: Kysely<DB>, cardIds: number[]) => groupLiftUnitsOf(db, 'card', cardIds);

/** Door units where faces have lift floors through their groups. */
export const groupLiftUnitsOfFaces = (db: Kysely<DB>, faceIds: number[]) => groupLiftUnitsOf(db, 'face', faceIds);

/** Whether any card or face holds one of the groups (no member: their lift files do not change). */
export async function groupsHaveMembers(db: Kysely<DB>, groupIds: number[]): Promise<boolean> {
  if (!groupIds.length) return false;
  const card = await db.selectFrom('access_group_card').select('card_id').where('group_id', 'in', groupIds).limit(1).executeTakeFirst();
  if (card) return true;
  const face = await db.selectFrom('access_group_face').select('face_id').where('group_id', 'in', groupIds).limit(1).executeTakeFirst();
  return face !== undefined;
}

/** Re-sends the lift file of each unit (units without a device are skipped). */
export async function queueLiftFiles(trx: Kysely<DB>, q: CommandQueue, unitIds: number[]): Promise<number> {
  let n = 0;
  for (const id of [...new Set(unitIds)].sort((a, b) => a - b)) {
    const door = await doorUnit(trx, id);
    if (door) n += await q.add(id, [await ladderFileCommand(trx, q.doors, door)]);
  }
  return n;
}

/**
 * The rules area's part of a unit's lift file: each enabled card and face that holds a group
 * giving lift floors on the unit, one entry per group, unless the holder has its own lift
 * control there.
 */
export const groupLadderEntries: LadderSource = async (db, door): Promise<LadderFileEntry[]> => {
  const lifts = db
    .selectFrom('access_group_lift as gl')
    .innerJoin('access_group as g', 'g.id', 'gl.group_id')
    .where('gl.address_id', '=', door.addressId);
  const held = ['g.id as groupId', 'g.schedule_id', ...LIFT_SELECT.map((k) => `gl.${k}` as const)] as const;
  /** A holder's own lift control on the unit (`column` of the ladder config, equal to the holder's `id`): it wins over its groups'. */
  const ownLift = (column: 'l.card_id' | 'l.face_id', id: 'c.id' | 'f.id') =>
    db.selectFrom('ladder_config as l').select('l.id').where(column, '=', sql.ref<number>(id)).where('l.address_id', '=', door.addressId);
  const cards = await lifts
    .innerJoin('access_group_card as gc', 'gc.group_id', 'gl.group_id')
    .innerJoin('card as c', 'c.id', 'gc.card_id')
    .select(['c.id as holderId', 'c.account', 'c.card_no as cardId', ...held])
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
  const entry = (source: 'card' | 'face', r: (typeof faces)[number] & { cardId?: string }): LadderFileEntry => ({
    ...ladderHolder(source, r),
    ...presentLift({ ...r, is_admin: 0, is_villa: 0 }),
    group: r.groupId,
    ...schedulesField([r.schedule_id ?? 0]),
  });
  return [...cards.map((r) => entry('card', r)), ...faces.map((r) => entry('face', r))];
};

/** group.table: the groups a unit belongs to, with their schedules (0: Always). */
export async function groupTableCommand(db: Kysely<DB>, addressId: number): Promise<NewCommand> {
  const rows = await db
    .selectFrom('access_group_unit as gu')
    .innerJoin('access_group as g', 'g.id', 'gu.group_id')
    .select(['g.id', 'g.schedule_id'])
    .where('gu.address_id', '=', addressId)
    .orderBy('g.id')
    .execute();
  return command(
    CMD_KIND.groupTable,
    { groups: rows.map((r) => ({ id: r.id, schedule: r.schedule_id ?? 0 })) },
    { objectKey: 'group.table' },
  );
}

/**
 * Queues the group table of each unit (units without a device are skipped), with the revocations
 * of withdrawn visitor QR codes that now reach the unit through its groups (`qr.revoke`).
 */
export async function queueGroupTables(trx: Kysely<DB>, q: CommandQueue, unitIds: number[]): Promise<number> {
  let n = 0;
  for (const id of [...new Set(unitIds)].sort((a, b) => a - b))
    n += await q.add(id, [await groupTableCommand(trx, id), ...(await revocationsFor(trx, id))]);
  return n;
}
