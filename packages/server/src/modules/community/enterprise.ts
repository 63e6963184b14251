import { COMMUNITY_TYPE, type communityRoutes, type EnterpriseRow, msg, type Page, type ParsedInput } from '@gatehouse/contracts';
import type { AuthCtx } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { assertCommunity, listScope, withinScope } from '../../http/scope.ts';
import { sortedPage } from '../../db/sorted-page.ts';
import { likeArg } from '../../db/sql.ts';
import { deviceNum } from './queries.ts';
import { checkUnique } from './service.ts';
import type { RowOf } from '../../db/row-of.ts';

type R = typeof communityRoutes;
const SORT = {
  name: 'community.name',
  regNo: 'community.reg_no',
  location: 'community.location',
  address: 'community.address',
  deviceNum: 'deviceNum',
} as const;

function enterprises(ctx: AuthCtx) {
  return ctx.db
    .selectFrom('community')
    .select((eb) => [
      'community.id',
      'community.name',
      'community.reg_no',
      'community.location',
      'community.address',
      deviceNum(eb).as('deviceNum'),
    ])
    .where('community.type', '=', COMMUNITY_TYPE.enterprise);
}

type Raw = RowOf<typeof enterprises>;
const present = (r: Raw): EnterpriseRow => ({
  communityid: r.id,
  name: r.name,
  regNo: r.reg_no ?? '',
  location: r.location,
  address: r.address,
  deviceNum: Number(r.deviceNum ?? 0),
});

/** The enterprise list (001 §2): enterprises in scope; an enterprise user sees only its own company. */
export async function enterprisePage(ctx: AuthCtx, i: ParsedInput<R['getEnterprisesPage']>): Promise<Page<EnterpriseRow>> {
  const scope = await listScope(ctx.db, ctx.caller);
  let q = enterprises(ctx);
  q = withinScope(q, scope, 'community.id');
  if (i.userPhone) q = q.where('community.reg_no', 'ilike', likeArg(i.userPhone));
  if (i.communityName) q = q.where('community.name', 'ilike', likeArg(i.communityName));
  if (i.communityLocation) q = q.where('community.location', 'ilike', likeArg(i.communityLocation));
  const { rows, total } = await sortedPage(q, i, SORT, 'community.id', 'community.name');
  return { rows: rows.map(present), total };
}

/** Enterprise edit (001 §5): name, location, address; the registration number stays. */
export async function updateEnterprise(ctx: AuthCtx, i: ParsedInput<R['updateEnterprise']>): Promise<EnterpriseRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('community')
      .select(['id', 'name', 'location', 'address', 'reg_no'])
      .where('id', '=', i.communityid)
      .where('type', '=', COMMUNITY_TYPE.enterprise)
      .executeTakeFirst();
    if (!before) throw notFound();
    await assertCommunity(trx, ctx.caller, before.id);
    await checkUnique(trx, { name: i.name }, before.id);
    await trx
      .updateTable('community')
      .set({ name: i.name, location: i.location, address: i.address })
      .where('id', '=', before.id)
      .execute();
    const after = await enterprises({ ...ctx, db: trx })
      .where('community.id', '=', before.id)
      .executeTakeFirstOrThrow();
    await writeOpLog(trx, ctx, {
      menu: 'enterprise.list',
      content: msg('op.comm.update', { name: i.name }),
      communityId: before.id,
      before,
      after: { id: after.id, name: after.name, location: after.location, address: after.address, reg_no: after.reg_no },
    });
    return present(after);
  });
}
