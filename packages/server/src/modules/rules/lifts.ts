import { CMD_KIND, type GroupLift, msg, type ParsedInput, type ROUTES } from '@gatehouse/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { byParent } from '../../db/by-parent.ts';
import type { CommandQueue } from '../../devices/commands.ts';
import { command, type NewCommand } from '../../devices/new-command.ts';
import { badRequest } from '../../http/errors.ts';
import { revocationsFor } from '../holder/qr.ts';
import { GROUP_LIFT_COLUMNS, liftRowOf } from '../holder/lifts.ts';

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

/** The lift floors of the groups, by group (ordered by unit). */
export function liftsOfGroups(db: Kysely<DB>, groupIds: number[]): Promise<Map<number, GroupLift[]>> {
  return byParent(
    groupIds,
    () =>
      db
        .selectFrom('access_group_lift')
        .select(['group_id', ...GROUP_LIFT_COLUMNS])
        .where('group_id', 'in', groupIds)
        .orderBy('group_id')
        .orderBy('address_id')
        .execute(),
    (r) => r.group_id,
    (r): GroupLift => ({
      addressid: r.address_id,
      ResiLevel: r.resi_level,
      bank: r.bank,
      node: r.node,
      GateType: r.gate_type,
      FrontUnlockLevelList: r.front_levels,
      BackUnlockLevelList: r.back_levels,
    }),
  );
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
  const rows = await db
    .selectFrom('access_group_lift')
    .select(GROUP_LIFT_COLUMNS)
    .where('group_id', '=', groupId)
    .orderBy('address_id')
    .execute();
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

/** Whether any card or face holds one of the groups (no member: their lift files do not change). */
export async function groupsHaveMembers(db: Kysely<DB>, groupIds: number[]): Promise<boolean> {
  if (!groupIds.length) return false;
  const card = await db.selectFrom('access_group_card').select('card_id').where('group_id', 'in', groupIds).limit(1).executeTakeFirst();
  if (card) return true;
  const face = await db.selectFrom('access_group_face').select('face_id').where('group_id', 'in', groupIds).limit(1).executeTakeFirst();
  return face !== undefined;
}

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
