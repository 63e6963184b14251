import {
  CMD_STATUS,
  type CommandRow,
  type commandRoutes,
  type DetailPair,
  msg,
  type Page,
  type ParsedInput,
  type UnitKind,
} from '@gatehouse/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { CommandAnswer } from '../../db/tables/devices.ts';
import type { AuthCtx } from '../../http/context.ts';
import { formatDateTime } from '../../http/dates.ts';
import { badRequest } from '../../http/errors.ts';
import { t } from '../../http/i18n.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { foundInScope, listScope, withinScope } from '../../http/scope.ts';
import type { Scope } from '../../http/caller.ts';
import { accountMatch, likeArg } from '../../db/sql.ts';
import { cheapPage } from '../../db/paging.ts';
import { withPlaceNames } from '../../db/names.ts';

type R = typeof commandRoutes;
type PageIn = ParsedInput<R['getCommandsPage']>;

const SORT = { createTime: 'cmd.id', updateTime: 'cmd.updated_at', status: 'cmd.status', type: 'cmd.type' } as const;

export function filteredCommands(db: Db, scope: Scope, i: Omit<PageIn, 'page' | 'rows' | 'sort' | 'order'>) {
  let q = withinScope(db.selectFrom('command as cmd'), scope, 'cmd.community_id');
  if (i.address) q = q.where('cmd.subject', 'ilike', likeArg(i.address));
  if (i.account) q = q.where('cmd.account', ...accountMatch(i.account));
  if (i.gateId !== undefined) q = q.where('cmd.address_id', '=', i.gateId);
  if (i.type !== undefined) q = q.where('cmd.type', '=', i.type);
  if (i.status !== undefined) q = q.where('cmd.status', '=', i.status);
  // The units of a kind are few next to the commands: an id subquery.
  if (i.unitKind)
    q = q.where('cmd.device_id', 'in', (s) =>
      s
        .selectFrom('device')
        .select('id')
        .where('unit_kind', '=', i.unitKind as UnitKind),
    );
  return q;
}

type CommandQ = ReturnType<typeof filteredCommands>;

/** The command queue, newest first, in the caller's scope. */
export async function commandsPage(ctx: AuthCtx, i: PageIn): Promise<Page<CommandRow>> {
  const base = filteredCommands(ctx.db, await listScope(ctx.db, ctx.caller), i);
  const tz = ctx.config.TZ_NAME;
  const sortCol = i.sort && i.sort !== 'createTime' ? SORT[i.sort] : null;
  const rows = (q: CommandQ, desc: boolean, _after: null, limit: number, offset: number) => {
    const dir = desc ? 'desc' : 'asc';
    const page = q
      .select(['cmd.id', 'cmd.subject', 'cmd.account', 'cmd.type', 'cmd.status', 'cmd.created_at', 'cmd.updated_at', 'cmd.info'])
      .select(sql<string | null>`(select k.unit_kind from device k where k.id = cmd.device_id)`.as('unit_kind'))
      .limit(limit)
      .offset(offset);
    const named = withPlaceNames(page, { gate: 'cmd.address_id', community: 'cmd.community_id' });
    return (sortCol ? named.orderBy(sortCol, dir) : named).orderBy('cmd.id', dir).execute();
  };
  return cheapPage(ctx.db, base, i, (i.order ?? 'desc') === 'desc', rows, (r) => ({
    id: Number(r.id),
    communityname: r.community_name ?? '',
    address: r.subject,
    account: r.account,
    gate: r.gate_name ?? '',
    type: r.type,
    status: r.status,
    createTime: formatDateTime(r.created_at, tz),
    updateTime: formatDateTime(r.updated_at, tz),
    info: r.info ? t(ctx.lang, r.info) : '',
    unitKind: (r.unit_kind ?? 'gatehouse-mqtt') as UnitKind,
  }));
}

async function commandInScope(ctx: AuthCtx, id: number) {
  const row = ctx.db
    .selectFrom('command as cmd')
    .innerJoin('device as d', 'd.id', 'cmd.device_id')
    .selectAll('cmd')
    .select(['d.serial', 'd.address_id as deviceAddressId'])
    .where('cmd.id', '=', id);
  return foundInScope(ctx.db, ctx.caller, await withPlaceNames(row, { gate: 'cmd.address_id' }).executeTakeFirst());
}

/** Label / value pairs of one command: what was sent, how often, what the device answered, when. */
export async function commandDetail(ctx: AuthCtx, id: number): Promise<DetailPair[]> {
  const c = await commandInScope(ctx, id);
  const tz = ctx.config.TZ_NAME;
  const L = (key: string) => t(ctx.lang, key);
  const answers = (c.answers ?? []) as unknown as CommandAnswer[];
  return [
    { label: L('cmd.d.id'), strValue: String(c.id) },
    { label: L('cmd.d.type'), strValue: L(`cmd.type.${c.type}`) },
    { label: L('cmd.d.kind'), strValue: c.kind },
    { label: L('cmd.d.status'), strValue: L(`cmd.status.${c.status}`) },
    { label: L('cmd.d.device'), strValue: c.serial },
    { label: L('cmd.d.gate'), strValue: c.gate_name ?? '' },
    { label: L('cmd.d.address'), strValue: c.subject },
    { label: L('cmd.d.account'), strValue: c.account },
    { label: L('cmd.d.payload'), strValue: JSON.stringify(c.payload) },
    { label: L('cmd.d.attempts'), strValue: String(c.attempts) },
    { label: L('cmd.d.createTime'), strValue: formatDateTime(c.created_at, tz) },
    { label: L('cmd.d.sentTime'), strValue: formatDateTime(c.sent_at, tz) },
    { label: L('cmd.d.ackTime'), strValue: formatDateTime(c.acked_at, tz) },
    { label: L('cmd.d.updateTime'), strValue: formatDateTime(c.updated_at, tz) },
    { label: L('cmd.d.info'), strValue: c.info ? t(ctx.lang, c.info) : '' },
    ...answers.map((a, n) => ({
      label: t(ctx.lang, msg('cmd.d.answer', { n: n + 1 })),
      strValue: `${formatDateTime(a.at, tz)} ${L(a.ok ? 'cmd.d.answerOk' : 'cmd.d.answerFail')}${a.info ? ` ${a.info}` : ''}`,
    })),
  ];
}

/**
 * Re-queues a command (status 0, sent again at once). A command superseded by a newer
 * one for the same object is refused: re-sending it would undo the newer state.
 */
export async function redownload(ctx: AuthCtx, id: number): Promise<void> {
  const c = await commandInScope(ctx, id);
  if (c.deviceAddressId === null || c.deviceAddressId !== c.address_id) throw badRequest('cmd.deviceGone');
  if (c.status === CMD_STATUS.cancelled) throw badRequest('cmd.superseded');
  if (c.object_key) {
    const newer = await ctx.db
      .selectFrom('command')
      .select('id')
      .where('device_id', '=', c.device_id)
      .where('object_key', '=', c.object_key)
      .where('id', '>', c.id)
      .limit(1)
      .executeTakeFirst();
    if (newer) throw badRequest('cmd.superseded');
  }
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('command')
      .set({ status: CMD_STATUS.notSent, info: '', updated_at: sql<Date>`now()` })
      .where('id', '=', c.id)
      .execute();
    await writeOpLog(trx, ctx, {
      menu: 'access.commands',
      content: msg('op.cmd.redownload', { id: c.id }),
      communityId: c.community_id,
      before: { status: c.status, info: c.info },
    });
  });
  ctx.devices.dispatch([c.device_id]);
}
