import { type attendanceRoutes, type DailycheckCompany, type Page, type ParsedInput, RULE_VTYPE } from '@gatehouse/contracts';
import type { AuthCtx } from '../../http/context.ts';
import { listScope, withinScope } from '../../http/scope.ts';
import { likeArg, pageAndTotal } from '../../db/sql.ts';

type R = typeof attendanceRoutes;

const SORT = { name: 'c.name', regNo: 'c.reg_no', location: 'c.location' } as const;

/**
 * Companies of the attendance settings screen: every community (projects and
 * enterprises) in the caller's scope, narrowed by the header's community, with the
 * mode and punch count of its rule (no rule saved = default mode).
 */
export async function dailycheckCompanies(ctx: AuthCtx, i: ParsedInput<R['getDailycheckCompanies']>): Promise<Page<DailycheckCompany>> {
  const scope = await listScope(ctx.db, ctx.caller);
  let q = ctx.db.selectFrom('community as c');
  q = withinScope(q, scope, 'c.id');
  if (i.name) q = q.where('c.name', 'ilike', likeArg(i.name));
  if (i.regNo) q = q.where('c.reg_no', 'ilike', likeArg(i.regNo));
  if (i.location) q = q.where('c.location', 'ilike', likeArg(i.location));
  const { rows, total } = await pageAndTotal(
    q,
    q
      .leftJoin('attendance_rule as r', 'r.community_id', 'c.id')
      .select(['c.id', 'c.name', 'c.reg_no', 'c.location', 'c.address', 'r.vtype', 'r.type'])
      .orderBy(SORT[i.sort ?? 'name'], i.order ?? 'asc')
      .orderBy('c.id')
      .limit(i.rows)
      .offset(i.page * i.rows),
  );
  return {
    total,
    rows: rows.map((r) => ({
      communityid: r.id,
      name: r.name,
      regNo: r.reg_no ?? '',
      location: r.location,
      address: r.address,
      vtype: r.vtype ?? RULE_VTYPE.standard,
      type: r.vtype === RULE_VTYPE.custom ? (r.type ?? 0) : 0,
    })),
  };
}
