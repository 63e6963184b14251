import { type AttendanceRule, type communityRoutes, msg, type ParsedInput, RULE_VTYPE } from '@gatehouse/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { AuthCtx } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { assertCommunity } from '../../http/scope.ts';

type R = typeof communityRoutes;
const TIMES = ['starttime', 'endtime', 'mstarttime', 'mendtime', 'pstarttime', 'pendtime'] as const;

/** HH:mm becomes HH:mm:ss. */
const full = (v: string | undefined) => (v ? (v.length === 5 ? `${v}:00` : v) : null);

async function readRule(db: Kysely<DB>, communityId: number): Promise<AttendanceRule> {
  const r = await db
    .selectFrom('attendance_rule')
    .select(['vtype', 'type', ...TIMES])
    .where('community_id', '=', communityId)
    .executeTakeFirst();
  // No rule yet: the default mode (vtype 2, punch count shown as default 0).
  const base = { communityid: communityId, vtype: r?.vtype ?? RULE_VTYPE.standard, type: r?.type ?? 0 };
  return { ...base, ...Object.fromEntries(TIMES.map((k) => [k, r?.[k] ?? ''])) } as AttendanceRule;
}

async function community(db: Kysely<DB>, ctx: AuthCtx, id: number) {
  const c = await db.selectFrom('community').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  if (!c) throw notFound();
  await assertCommunity(db, ctx.caller, c.id);
  return c;
}

/** getCommunityRule: the attendance rule of a community in scope. */
export async function communityRule(ctx: AuthCtx, communityId: number): Promise<AttendanceRule> {
  await community(ctx.db, ctx, communityId);
  return readRule(ctx.db, communityId);
}

/**
 * createCommunityRule: creates or replaces the rule. In the default mode (vtype 2) the
 * custom fields are not kept; in the custom mode only the ranges of the punch count.
 */
export async function saveCommunityRule(ctx: AuthCtx, i: ParsedInput<R['createCommunityRule']>): Promise<AttendanceRule> {
  return ctx.db.transaction().execute(async (trx) => {
    const c = await community(trx, ctx, i.communityid);
    const before = await readRule(trx, c.id);
    const custom = i.vtype === RULE_VTYPE.custom;
    const count = custom ? (i.type ?? 0) : 0;
    const values = {
      vtype: i.vtype,
      type: count,
      starttime: custom ? full(i.starttime) : null,
      endtime: custom ? full(i.endtime) : null,
      mstarttime: count >= 4 ? full(i.mstarttime) : null,
      mendtime: count >= 4 ? full(i.mendtime) : null,
      pstarttime: count >= 6 ? full(i.pstarttime) : null,
      pendtime: count >= 6 ? full(i.pendtime) : null,
    };
    await trx
      .insertInto('attendance_rule')
      .values({ community_id: c.id, ...values })
      .onConflict((oc) => oc.column('community_id').doUpdateSet({ ...values, updated_at: new Date() }))
      .execute();
    const after = await readRule(trx, c.id);
    await writeOpLog(trx, ctx, {
      menu: 'access.dailycheck',
      content: msg('op.comm.rule', { name: c.name }),
      communityId: c.id,
      before,
      after,
    });
    return after;
  });
}
