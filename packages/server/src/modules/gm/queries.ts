import { ADDRESS_TYPE, type GmRow, msg, type Option, type Page, type ParsedInput, type gmRoutes } from '@gatehouse/contracts';
import { sql } from 'kysely';
import { nullsSmallest } from '../../db/sorted-page.ts';
import { withCommands } from '../../devices/commands.ts';
import { doorUnit, ladderFileCommand } from '../../devices/desired.ts';
import type { AuthCtx } from '../../http/context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { assertCommunity, listScope, withinScope } from '../../http/scope.ts';
import { likeArg, pageAndTotal } from '../../db/sql.ts';
import { withSync } from '../../devices/sync-state.ts';

type R = typeof gmRoutes;
const SORT = { address: 'a.address', name: 'a.name', communityName: 'c.name', online: 'd.online' } as const;

async function doorUnits(ctx: AuthCtx) {
  const scope = await listScope(ctx.db, ctx.caller);
  return withinScope(
    ctx.db
      .selectFrom('address as a')
      .innerJoin('community as c', 'c.id', 'a.community_id')
      .leftJoin('device as d', 'd.address_id', 'a.id')
      .where('a.type', '=', ADDRESS_TYPE.doorUnit),
    scope,
    'a.community_id',
  );
}

/** Door units (address type 0) in the caller's scope with their device's sync state. */
export async function searchGmsPage(ctx: AuthCtx, i: ParsedInput<R['searchGmsPage']>): Promise<Page<GmRow>> {
  let q = await doorUnits(ctx);
  if (i.address) q = q.where('a.address', 'ilike', likeArg(i.address));
  if (i.name) q = q.where('a.name', 'ilike', likeArg(i.name));
  let page = q
    .select([
      'a.id as addressid',
      'a.address',
      'a.name',
      'c.name as communityName',
      'c.id as communityId',
      'd.serial',
      'd.id as deviceId',
      'd.online',
      'd.last_seen_at as lastSeenAt',
    ])
    .limit(i.rows)
    .offset(i.page * i.rows);
  page = i.sort
    ? page.orderBy(sql.ref(SORT[i.sort]), nullsSmallest(i.order)).orderBy('a.id')
    : page.orderBy('c.name').orderBy('a.address').orderBy('a.id');
  const found = await pageAndTotal(q, page);
  const rows = await withSync(ctx.db, ctx.config.TZ_NAME, found.rows);
  const total = found.total;
  return { rows: rows.map(({ deviceId: _d, ...r }) => ({ ...r, serial: r.serial ?? null })), total };
}

/** Door-unit choices (the command list's filter). */
export async function gmOptions(ctx: AuthCtx, name?: string): Promise<Option[]> {
  let q = (await doorUnits(ctx)).select(['a.id', 'a.name', 'c.name as communityName']).orderBy('c.name').orderBy('a.name').limit(200);
  if (name) q = q.where('a.name', 'ilike', likeArg(name));
  return (await q.execute()).map((r) => ({ intValue: r.id, label: `${r.communityName} ${r.name}` }));
}

/** Queues the door unit's lift-control (ladder) file as a command (type 3). */
export async function updateLadderFile(ctx: AuthCtx, addressId: number): Promise<{ queued: number }> {
  const a = await ctx.db
    .selectFrom('address')
    .select(['id', 'name', 'type', 'community_id'])
    .where('id', '=', addressId)
    .executeTakeFirst();
  if (!a || a.type !== ADDRESS_TYPE.doorUnit) throw notFound();
  await assertCommunity(ctx.db, ctx.caller, a.community_id);
  const queued = await withCommands(ctx, async (trx, q) => {
    const door = await doorUnit(trx, addressId);
    if (!door) throw badRequest('device.noDevice');
    const n = await q.add(addressId, [await ladderFileCommand(trx, q.doors, door)]);
    await writeOpLog(trx, ctx, { menu: 'access.gm', content: msg('op.gm.ladder', { name: a.name }), communityId: a.community_id });
    return n;
  });
  return { queued };
}
