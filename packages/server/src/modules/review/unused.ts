import { ACCESS_TYPE, type ExpireAction, msg, type Page, type ParsedInput, type reviewRoutes, type UnusedRow } from '@gatehouse/contracts';
import { type RawBuilder, sql } from 'kysely';
import { likeArg } from '../../db/sql.ts';
import { withCommands } from '../../devices/commands.ts';
import { holdingUnitsOf, liftUnits, placesByCredential } from '../../devices/places.ts';
import type { AuthCtx } from '../../http/context.ts';
import { formatDateTime } from '../../http/dates.ts';
import { forbidden, notFound, outOfScope } from '../../http/errors.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { assertCommunity, inScope, listScope, scopeIds, scopeOf } from '../../http/scope.ts';
import { CARD_COLUMNS, assertTypeMenu, cardTypesOf, hasMenu } from '../holder/access.ts';
import { cardDeleteCommand } from '../holder/cards.ts';
import { queueLiftFiles } from '../holder/lifts.ts';
import { faceDeleteCommand } from '../holder/faces.ts';
import { eraseFaces } from '../privacy/erase-faces.ts';
import { removeKept } from '../../http/uploads.ts';
import { placesOf } from './review.ts';
import type { Credential } from '../../devices/places.ts';

type PageIn = ParsedInput<(typeof reviewRoutes)['getUnusedPage']>;

const SORT = { lastUsed: sql`idle_from`, account: sql`account`, address: sql`address` } as const;

/**
 * Cards and faces not used for N days: the last access event of a card (by its number in
 * its community) or of a face (a face open of its holder), or its creation when it was
 * never used, is older than now - N days. Only the kinds whose menus the caller holds.
 */
function unusedQuery(ctx: AuthCtx, i: PageIn, communities: number[] | null): RawBuilder<unknown> | null {
  const types = i.kind === 'face' ? [] : cardTypesOf(ctx.caller);
  const faces = i.kind !== 'card' && hasMenu(ctx.caller, 'access.faceid');
  const parts: RawBuilder<unknown>[] = [];
  const where = (alias: string) => {
    const conds: RawBuilder<unknown>[] = [sql`true`];
    if (communities) conds.push(sql`${sql.ref(`${alias}.community_id`)} in (${sql.join(communities)})`);
    if (i.communityId !== undefined) conds.push(sql`${sql.ref(`${alias}.community_id`)} = ${i.communityId}`);
    if (i.account) conds.push(sql`${sql.ref(`${alias}.account`)} ilike ${likeArg(i.account)}`);
    if (i.address) conds.push(sql`a.address ilike ${likeArg(i.address)}`);
    return sql.join(conds, sql` and `);
  };
  if (types.length)
    parts.push(sql`select 'card' as kind, c.id, c.card_no as label, c.account, c.user_name, c.community_id, c.address_id,
        a.address, c.status, c.created_at,
        (select max(e.time) from access_event e where e.card_num = c.card_no and e.card_num <> '' and e.community_id = c.community_id) as last_used
      from card c join address a on a.id = c.address_id
      where c.card_type in (${sql.join(types)}) and ${where('c')}`);
  if (faces)
    parts.push(sql`select 'face' as kind, f.id, case when f.user_name = '' then f.account else f.user_name end as label, f.account, f.user_name,
        f.community_id, f.address_id, a.address, f.status, f.created_at,
        (select max(e.time) from access_event e where e.account = f.account and e.type = ${ACCESS_TYPE.face} and e.community_id = f.community_id) as last_used
      from face f join address a on a.id = f.address_id
      where ${where('f')}`);
  if (!parts.length) return null;
  return sql`select u.*, coalesce(u.last_used, u.created_at) as idle_from from (${sql.join(parts, sql` union all `)}) u
    where coalesce(u.last_used, u.created_at) < now() - make_interval(days => ${i.days})`;
}

interface Raw {
  kind: 'card' | 'face';
  id: number;
  label: string;
  account: string;
  user_name: string;
  community_id: number;
  address: string;
  status: string;
  created_at: Date;
  last_used: Date | null;
  idle_from: Date;
  community_name: string;
}

/** getUnusedPage: server-side paged, filtered and sorted. */
export async function unusedPage(ctx: AuthCtx, i: PageIn): Promise<Page<UnusedRow>> {
  if (i.communityId !== undefined) await assertCommunity(ctx.db, ctx.caller, i.communityId);
  const scope = await listScope(ctx.db, ctx.caller);
  const q = unusedQuery(ctx, i, scope.all ? null : scopeIds(scope));
  if (!q) return { total: 0, rows: [] };
  const order = sql.raw(i.order === 'desc' ? 'desc' : 'asc');
  // One pass: the page and the total (a window count); a page past the end counts on its own.
  const rows = await sql<Raw & { total: number }>`select t.*, m.name as community_name, count(*) over ()::int as total
    from (${q}) t join community m on m.id = t.community_id
    order by ${SORT[i.sort ?? 'lastUsed']} ${order}, t.kind, t.id limit ${i.rows} offset ${i.page * i.rows}`.execute(ctx.db);
  const total =
    rows.rows[0]?.total ??
    (i.page > 0 ? ((await sql<{ n: number }>`select count(*)::int as n from (${q}) t`.execute(ctx.db)).rows[0]?.n ?? 0) : 0);
  const tz = ctx.config.TZ_NAME;
  const now = Date.now();
  return {
    total,
    rows: rows.rows.map((r) => ({
      key: `${r.kind}:${r.id}`,
      kind: r.kind,
      id: r.id,
      label: r.label,
      account: r.account,
      userName: r.user_name,
      communityName: r.community_name,
      address: r.address,
      status: r.status,
      createdAt: formatDateTime(r.created_at, tz),
      lastUsed: formatDateTime(r.last_used, tz),
      idleDays: Math.floor((now - new Date(r.idle_from).getTime()) / 86_400_000),
    })),
  };
}

/** A selected card or face as the place sources read it (only kind, id and card number matter to them). */
const credential = (kind: 'card' | 'face', id: number, label: string, account: string, communityId: number): Credential => ({
  kind,
  id,
  label,
  type: '',
  account,
  userName: '',
  communityId,
  communityName: '',
  addressId: 0,
  address: '',
  status: '',
  createdAt: new Date(0),
  ...(kind === 'card' ? { cardNo: label } : {}),
});
const cardCredential = (c: { id: number; card_no: string; account: string; community_id: number }) =>
  credential('card', c.id, c.card_no, c.account, c.community_id);
const faceCredential = (f: { id: number; account: string; community_id: number }) =>
  credential('face', f.id, f.account, f.account, f.community_id);

/**
 * expireUnused: the selected cards and faces are disabled (or deleted) and withdrawn
 * from every door unit holding them (their own entries and their access groups' units);
 * lift files naming them (own lift control, group lift floors) are sent again. Disabled
 * ones keep their groups; deleted ones lose them with the row. All or nothing: each
 * must be in scope and under a menu the caller holds. One op-log entry per community.
 */
export async function expireUnused(ctx: AuthCtx, i: { cards: number[]; faces: number[]; action: ExpireAction }): Promise<number> {
  const scope = await scopeOf(ctx.db, ctx.caller);
  if (i.faces.length && !hasMenu(ctx.caller, 'access.faceid')) throw forbidden();
  let photos: string[] = [];
  const n = await withCommands(ctx, async (trx, q) => {
    const cards = i.cards.length ? await trx.selectFrom('card').select(CARD_COLUMNS).where('id', 'in', i.cards).execute() : [];
    const faces = i.faces.length
      ? await trx
          .selectFrom('face')
          .select(['id', 'account', 'user_name', 'community_id', 'photo_file_id'])
          .where('id', 'in', i.faces)
          .execute()
      : [];
    if (cards.length !== new Set(i.cards).size || faces.length !== new Set(i.faces).size) throw notFound();
    for (const c of cards) {
      if (!inScope(scope, c.community_id)) throw outOfScope();
      assertTypeMenu(ctx.caller, c.card_type);
    }
    for (const f of faces) if (!inScope(scope, f.community_id)) throw outOfScope();
    const cardRowIds = cards.map((c) => c.id);
    const faceIds = faces.map((f) => f.id);
    // Every unit that holds them (own entries and their groups' units) and every lift file naming them, read before the change.
    const places = await placesOf(ctx, [...cards.map(cardCredential), ...faces.map(faceCredential)], trx);
    if (i.action === 'delete') {
      if (cardRowIds.length) await trx.deleteFrom('card').where('id', 'in', cardRowIds).execute();
    } else {
      if (cardRowIds.length)
        await trx.updateTable('card').set({ status: 'disable', updated_at: sql<Date>`now()` }).where('id', 'in', cardRowIds).execute();
      if (faceIds.length)
        await trx.updateTable('face').set({ status: 'disable', updated_at: sql<Date>`now()` }).where('id', 'in', faceIds).execute();
    }
    // A disabled credential is removed from its units exactly as a deleted one (the unit holds enabled ones only);
    // a disabled one keeps its groups (enabled again, it goes back to their units), a deleted one loses them.
    const mine = placesByCredential(places);
    await q.addMany(cards.map((c) => ({ to: holdingUnitsOf(mine({ kind: 'card', id: c.id })), cmds: [cardDeleteCommand(c)] })));
    const facesOut = faces.map((f) => ({ ...f, units: holdingUnitsOf(mine({ kind: 'face', id: f.id })) }));
    // Deleted faces go by the erasure path (an erasure record keeps each unit's receipt); disabled ones are only withdrawn.
    if (i.action === 'delete') ({ photos } = await eraseFaces(trx, q, ctx, facesOut, 'expire'));
    else await q.addMany(facesOut.map((f) => ({ to: f.units, cmds: [faceDeleteCommand(f.id, f.account)] })));
    await queueLiftFiles(trx, q, liftUnits(places));
    const communities = new Set([...cards.map((c) => c.community_id), ...faces.map((f) => f.community_id)]);
    for (const communityId of communities) {
      const list = [
        ...cards.filter((c) => c.community_id === communityId).map((c) => `card:${c.card_no}`),
        ...faces.filter((f) => f.community_id === communityId).map((f) => `face:${f.user_name || f.account}`),
      ];
      await writeOpLog(trx, ctx, {
        menu: 'access.review',
        content: msg(`op.review.expire.${i.action}`, { list: list.join(', ') }),
        communityId,
        before: {
          cards: cards.filter((c) => c.community_id === communityId).map((c) => ({ id: c.id, cardid: c.card_no, status: c.status })),
          faces: faces.filter((f) => f.community_id === communityId).map((f) => ({ id: f.id, account: f.account })),
        },
        after: { action: i.action },
      });
    }
    return cards.length + faces.length;
  });
  if (photos.length) await removeKept(ctx.config, photos);
  return n;
}
