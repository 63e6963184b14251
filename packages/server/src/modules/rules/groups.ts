import { ADDRESS_TYPE, ALWAYS_SCHEDULE_ID, type GroupRow, msg, type ParsedInput, type ROUTES, RULES_LIMITS } from '@gatehouse/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { withCommands } from '../../devices/commands.ts';
import type { AuthCtx } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { t } from '../../http/i18n.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { assertCommunity, foundInScope } from '../../http/scope.ts';
import { assertBelowLimit, assertNameFree, editedRow, MENU, uniqueName } from './common.ts';
import { groupsWithSchedule } from './community-groups.ts';
import { GROUP_LINK } from '../holder/reach.ts';
import { fanOutProgress, planFanOut, sendInline } from './fanout.ts';
import { assertScheduleOf } from './schedules.ts';
import { groupsHaveMembers, type LiftRow, liftsOfGroups, queueGroupTables, replaceLifts, storedLifts, wantedLifts } from './lifts.ts';
import { liftUnitsOfGroups, queueLiftFiles } from '../holder/lifts.ts';

type Save = ParsedInput<typeof ROUTES.rules.saveGroup>;
type Stored = { id: number; community_id: number; name: string; schedule_id: number | null };
const COLUMNS = ['id', 'community_id', 'name', 'schedule_id'] as const;

/** How many cards or faces hold each of the groups (group → count; none: absent). */
async function membersPerGroup(db: Kysely<DB>, kind: 'card' | 'face', groupIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom(GROUP_LINK[kind].table)
    .select(['group_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('group_id', 'in', groupIds)
    .groupBy('group_id')
    .execute();
  return new Map(rows.map((r) => [r.group_id, Number(r.n)]));
}

/** The groups of a community with their schedules, door units, lift floors, card counts and unfinished fan-outs (seven queries in all). */
async function groupRows(ctx: AuthCtx, communityId: number, only?: number): Promise<GroupRow[]> {
  let q = groupsWithSchedule(ctx.db, communityId).select(['g.community_id', 'g.schedule_id']);
  if (only !== undefined) q = q.where('g.id', '=', only);
  const groups = await q.execute();
  if (!groups.length) return [];
  const ids = groups.map((g) => g.id);
  const units = await ctx.db
    .selectFrom('access_group_unit as gu')
    .innerJoin('address as a', 'a.id', 'gu.address_id')
    .select(['gu.group_id', 'a.id', 'a.address'])
    .where('gu.group_id', 'in', ids)
    .orderBy('a.address')
    .execute();
  const cards = await membersPerGroup(ctx.db, 'card', ids);
  const faces = await membersPerGroup(ctx.db, 'face', ids);
  const lifts = await liftsOfGroups(ctx.db, ids);
  const sending = await fanOutProgress(ctx.db, ids);
  const always = t(ctx.lang, 'rules.always');
  return groups.map((g) => ({
    id: g.id,
    communityId: g.community_id,
    name: g.name,
    scheduleId: g.schedule_id ?? ALWAYS_SCHEDULE_ID,
    scheduleName: g.scheduleName ?? always,
    units: units.filter((u) => u.group_id === g.id).map((u) => ({ id: u.id, name: u.address })),
    lifts: lifts.get(g.id) ?? [],
    cardCount: cards.get(g.id) ?? 0,
    faceCount: faces.get(g.id) ?? 0,
    ...(sending.has(g.id) ? { sending: sending.get(g.id) } : {}),
  }));
}

/** getDoorUnits: the community's door units (addresses of type 0) by address. */
export async function doorUnitOptions(ctx: AuthCtx, communityId: number): Promise<{ intValue: number; label: string }[]> {
  await assertCommunity(ctx.db, ctx.caller, communityId);
  const rows = await ctx.db
    .selectFrom('address')
    .select(['id', 'address'])
    .where('community_id', '=', communityId)
    .where('type', '=', ADDRESS_TYPE.doorUnit)
    .orderBy('address')
    .execute();
  return rows.map((r) => ({ intValue: r.id, label: r.address }));
}

export async function listGroups(ctx: AuthCtx, communityId: number): Promise<GroupRow[]> {
  await assertCommunity(ctx.db, ctx.caller, communityId);
  return groupRows(ctx, communityId);
}

async function loadGroup(ctx: AuthCtx, id: number): Promise<Stored & { units: number[]; lifts: LiftRow[] }> {
  const row = await foundInScope(
    ctx.db,
    ctx.caller,
    await ctx.db.selectFrom('access_group').select(COLUMNS).where('id', '=', id).executeTakeFirst(),
  );
  const units = await ctx.db
    .selectFrom('access_group_unit')
    .select('address_id')
    .where('group_id', '=', id)
    .orderBy('address_id')
    .execute();
  return { ...row, units: units.map((u) => u.address_id), lifts: await storedLifts(ctx.db, id) };
}

/** Addresses of the community's door units among the ids (to name them in messages; others go by id). */
async function unitNames(db: Kysely<DB>, communityId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('address')
    .select(['id', 'address'])
    .where('id', 'in', [...new Set(ids)])
    .where('community_id', '=', communityId)
    .execute();
  return new Map(rows.map((r) => [r.id, r.address]));
}

/** Door units of the community among the ids (all of them, or 400). */
async function assertUnitsOf(db: Kysely<DB>, communityId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await db
    .selectFrom('address')
    .select('id')
    .where('id', 'in', unique)
    .where('community_id', '=', communityId)
    .where('type', '=', ADDRESS_TYPE.doorUnit)
    .execute();
  if (rows.length !== unique.length) throw badRequest('rules.unknownUnits');
  return unique.sort((a, b) => a - b);
}

const view = (g: { name: string; schedule_id: number | null }, units: number[], lifts: LiftRow[]) => ({
  name: g.name,
  scheduleId: g.schedule_id ?? ALWAYS_SCHEDULE_ID,
  units,
  lifts: lifts.map((l) => ({ ...l, front_levels: JSON.parse(l.front_levels), back_levels: JSON.parse(l.back_levels) })),
});

/**
 * saveGroup: add (no id) or edit. A unit added reaches every member card; a unit removed
 * withdraws them (unless another group or the card's own entry keeps them there); a new
 * schedule is sent to every unit of the group. Lift floors (`lifts`, absent: unchanged) go
 * to the lift file of each unit whose floors changed; the units whose groups changed get
 * their group table (visitor QR codes given groups).
 */
export async function saveGroup(ctx: AuthCtx, i: Save): Promise<GroupRow> {
  const before = await editedRow(ctx, i, (id) => loadGroup(ctx, id));
  await assertNameFree(ctx.db, 'access_group', i.communityId, i.name, i.id);
  if (!before) await assertBelowLimit(ctx.db, 'access_group', i.communityId, RULES_LIMITS.groupsPerCommunity, 'rules.tooManyGroups');
  await assertScheduleOf(ctx.db, i.communityId, i.scheduleId);
  const units = await assertUnitsOf(ctx.db, i.communityId, i.units);
  const lifts =
    i.lifts === undefined
      ? (before?.lifts ?? []).filter((l) => units.includes(l.address_id))
      : wantedLifts(
          i.lifts,
          units,
          await unitNames(
            ctx.db,
            i.communityId,
            i.lifts.map((l) => l.addressid),
          ),
        );
  const scheduleId = i.scheduleId === ALWAYS_SCHEDULE_ID ? null : i.scheduleId;
  const id = await uniqueName(i.name, () =>
    withCommands(ctx, async (trx, q) => {
      let id: number;
      if (before) {
        id = before.id;
        await trx.updateTable('access_group').set({ name: i.name, schedule_id: scheduleId }).where('id', '=', id).execute();
      } else {
        id = (
          await trx
            .insertInto('access_group')
            .values({ community_id: i.communityId, name: i.name, schedule_id: scheduleId })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      }
      const old = before?.units ?? [];
      const added = units.filter((u) => !old.includes(u));
      const removed = old.filter((u) => !units.includes(u));
      if (removed.length) await trx.deleteFrom('access_group_unit').where('group_id', '=', id).where('address_id', 'in', removed).execute();
      if (added.length)
        await trx
          .insertInto('access_group_unit')
          .values(added.map((address_id) => ({ group_id: id, address_id })))
          .execute();
      const scheduleChanged = before !== undefined && before.schedule_id !== scheduleId;
      const touched = scheduleChanged ? [...new Set([...old, ...units])] : [...added, ...removed];
      await sendInline(trx, q, await planFanOut(trx, [id], touched, { groupId: id, communityId: i.communityId }), touched);
      const liftChanged = await replaceLifts(trx, id, before?.lifts ?? [], lifts);
      if (await groupsHaveMembers(trx, [id])) {
        const scheduled = scheduleChanged ? [...(before?.lifts ?? []), ...lifts].map((l) => l.address_id) : [];
        await queueLiftFiles(trx, q, [...liftChanged, ...scheduled]);
      }
      await queueGroupTables(trx, q, touched);
      await writeOpLog(trx, ctx, {
        menu: MENU,
        content: msg(before ? 'op.rules.group.edit' : 'op.rules.group.add', { name: i.name }),
        communityId: i.communityId,
        before: before ? view(before, before.units, before.lifts) : undefined,
        after: view({ name: i.name, schedule_id: scheduleId }, units, lifts),
      });
      return id;
    }),
  );
  return (await groupRows(ctx, i.communityId, id))[0] as GroupRow;
}

/** deleteGroup: its cards and faces are withdrawn from its units (unless kept there otherwise). */
export async function deleteGroup(ctx: AuthCtx, id: number): Promise<void> {
  const g = await loadGroup(ctx, id);
  await withCommands(ctx, async (trx, q) => {
    const cards = await membersPerGroup(trx, 'card', [id]);
    const faces = await membersPerGroup(trx, 'face', [id]);
    const liftUnits = await liftUnitsOfGroups(trx, [id]);
    // Who the members are is read before the group (and its member rows) goes; they are withdrawn after.
    const plan = await planFanOut(trx, [id], g.units, { groupId: id, communityId: g.community_id });
    await trx.deleteFrom('access_group').where('id', '=', id).execute();
    await sendInline(trx, q, plan, g.units);
    if (cards.size || faces.size) await queueLiftFiles(trx, q, liftUnits);
    await queueGroupTables(trx, q, g.units);
    await writeOpLog(trx, ctx, {
      menu: MENU,
      content: msg('op.rules.group.delete', { name: g.name }),
      communityId: g.community_id,
      before: {
        ...view(g, g.units, g.lifts),
        cards: plan.inline.find((p) => p.kind === 'card')?.ids ?? [],
        faces: plan.inline.find((p) => p.kind === 'face')?.ids ?? [],
        cardCount: cards.get(id) ?? 0,
        faceCount: faces.get(id) ?? 0,
      },
    });
  });
}
