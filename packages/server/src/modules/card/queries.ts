import {
  ADDRESS_TYPE,
  type CardModeName,
  type CardRow,
  type CardType,
  type DoorUnitCardRow,
  type HolderStatus,
  type Page,
  type ParsedInput,
  type cardRoutes,
} from '@gatehouse/contracts';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { CardTable } from '../../db/tables/cards.ts';
import type { AddressTable } from '../../db/tables/foundation.ts';
import type { DB } from '../../db/types.ts';
import { dateRange, formatDateTime } from '../../http/dates.ts';
import type { AuthCtx } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { assertCommunity, listScope, withinScope } from '../../http/scope.ts';
import { accountMatch, inRange, likeArg, pageAndTotal } from '../../db/sql.ts';
import { cheapPage } from '../../db/paging.ts';
import { assertListMenu, TYPES_OF_LIST } from '../holder/access.ts';

type R = typeof cardRoutes;

const CARD_SORT = {
  cardid: 'c.card_no',
  account: 'c.account',
  communityname: 'm.name',
  address: 'h.address',
  cardtype: 'c.card_type',
  cardmode: 'c.card_mode',
  cardstatus: 'c.status',
} as const;

function cardBase(db: Kysely<DB>) {
  return db.selectFrom('card as c').innerJoin('community as m', 'm.id', 'c.community_id').innerJoin('address as h', 'h.id', 'c.address_id');
}

const cardColumns = [
  'c.id',
  'c.card_no',
  'c.account',
  'c.user_name',
  'm.name as communityname',
  'c.community_id',
  'h.address',
  'c.address_id',
  'c.card_type',
  'c.card_mode',
  'c.status',
  'c.is_villa',
] as const;

/** What both card lists say of a card's holder and kind (database names in, answer names out). */
type CardFacts = { account: string; user_name: string; address: string; card_type: string; card_mode: string; status: string };
const cardFacts = (r: CardFacts) => ({
  account: r.account,
  username: r.user_name,
  address: r.address,
  cardtype: r.card_type as CardType,
  cardmode: r.card_mode as CardModeName,
  cardstatus: r.status as HolderStatus,
});

type CardSelect = CardFacts & {
  id: number;
  card_no: string;
  communityname: string;
  community_id: number;
  address_id: number;
  is_villa: number;
  gateCount: number;
};

const toCardRow = (r: CardSelect): CardRow => ({
  id: r.id,
  cardid: r.card_no,
  ...cardFacts(r),
  communityname: r.communityname,
  communityId: r.community_id,
  addressId: r.address_id,
  isVilla: r.is_villa,
  gateCount: r.gateCount,
});

/** The filters both card lists have: number and household (containing the text), account (`accountMatch`), type, mode and status. */
function cardFilters(i: {
  cardid?: string;
  address?: string;
  account?: string;
  cardtype?: string;
  cardmode?: string;
  cardstatus?: string;
}) {
  return (eb: ExpressionBuilder<DB & { c: CardTable; h: AddressTable }, 'c' | 'h'>) => {
    const all: Expression<SqlBool>[] = [];
    if (i.cardid) all.push(eb('c.card_no', 'ilike', likeArg(i.cardid)));
    if (i.address) all.push(eb('h.address', 'ilike', likeArg(i.address)));
    if (i.account) all.push(eb('c.account', ...accountMatch(i.account)));
    if (i.cardtype) all.push(eb('c.card_type', '=', i.cardtype));
    if (i.cardmode) all.push(eb('c.card_mode', '=', i.cardmode));
    if (i.cardstatus) all.push(eb('c.status', '=', i.cardstatus));
    return eb.and(all);
  };
}

const gateCount = sql<number>`(select count(*)::int from card_gate g where g.card_id = c.id)`.as('gateCount');

/** The card list of /access/gate (ismjtk 1) or /access/ladder (ismjtk 2), in the caller's scope. */
export async function cardsPage(ctx: AuthCtx, i: ParsedInput<R['getGateAccessesPage']>): Promise<Page<CardRow>> {
  assertListMenu(ctx.caller, i.ismjtk);
  const scope = await listScope(ctx.db, ctx.caller);
  let q = cardBase(ctx.db).where('c.card_type', 'in', [...(TYPES_OF_LIST[i.ismjtk] ?? [])]);
  q = withinScope(q, scope, 'c.community_id');
  q = q.where(cardFilters(i));
  if (i.username) q = q.where('c.user_name', 'ilike', likeArg(i.username));
  if (i.communityName) q = q.where('m.name', 'ilike', likeArg(i.communityName));
  q = inRange(q, dateRange(ctx.config.TZ_NAME, i.starttime, i.endtime), 'c.created_at');
  // A million cards: the total is counted up to COUNT_CAP, then the planner's estimate (db/paging.ts).
  return cheapPage(
    ctx.db,
    q,
    i,
    i.order === 'desc',
    async (filtered, desc, _after, limit, offset) => {
      const page = filtered
        .select([...cardColumns, gateCount])
        .limit(limit)
        .offset(offset);
      // Ties by id in the sort's direction: one (column, id) index serves both directions.
      const dir = desc ? 'desc' : 'asc';
      return (i.sort ? page.orderBy(sql.ref(CARD_SORT[i.sort]), dir).orderBy('c.id', dir) : page.orderBy('c.id', 'desc')).execute();
    },
    toCardRow,
  );
}

/** One card as the list shows it. */
export async function cardRow(db: Kysely<DB>, cardRowId: number): Promise<CardRow> {
  const r = await cardBase(db)
    .select([...cardColumns, gateCount])
    .where('c.id', '=', cardRowId)
    .executeTakeFirst();
  if (!r) throw notFound();
  return toCardRow(r);
}

const ENTRY_SORT = {
  cardid: 'c.card_no',
  account: 'c.account',
  address: 'h.address',
  cardstatus: 'c.status',
  cardtype: 'c.card_type',
  cardmode: 'c.card_mode',
  validfrom: 'cg.validfrom',
  validto: 'cg.validto',
  info: 'cg.info',
} as const;

/** A door unit (address type 0) the caller may see: 404 when unknown, 403 out of scope. */
export async function loadDoorUnit(ctx: AuthCtx, addressId: number, db: Kysely<DB> = ctx.db) {
  const a = await db
    .selectFrom('address')
    .select(['id', 'community_id', 'address', 'name', 'type', 'is_villa'])
    .where('id', '=', addressId)
    .executeTakeFirst();
  if (!a || a.type !== ADDRESS_TYPE.doorUnit) throw notFound();
  await assertCommunity(ctx.db, ctx.caller, a.community_id);
  return a;
}

export function entryBase(db: Kysely<DB>) {
  return db.selectFrom('card_gate as cg').innerJoin('card as c', 'c.id', 'cg.card_id').innerJoin('address as h', 'h.id', 'c.address_id');
}

export const entryColumns = [
  'cg.id',
  'cg.card_id as cardRowId',
  'cg.gate_id',
  'c.card_no as cardid',
  'c.account',
  'c.user_name',
  'h.address',
  'c.status',
  'c.card_type',
  'c.card_mode',
  'cg.validfrom',
  'cg.validto',
  'cg.info',
  'cg.is_villa',
] as const;

export const toEntryRow = (
  r: CardFacts & { id: number; cardRowId: number; cardid: string; validfrom: Date; validto: Date; info: string; is_villa: number },
  tz: string,
): DoorUnitCardRow => ({
  id: r.id,
  cardRowId: r.cardRowId,
  cardid: r.cardid,
  ...cardFacts(r),
  validfrom: formatDateTime(r.validfrom, tz),
  validto: formatDateTime(r.validto, tz),
  info: r.info,
  isVilla: r.is_villa,
});

/** The cards configured on one door unit (/gm/card/{addressId}). */
export async function doorUnitCardsPage(ctx: AuthCtx, i: ParsedInput<R['getGateAccessesByAddressId']>): Promise<Page<DoorUnitCardRow>> {
  await loadDoorUnit(ctx, i.addressId);
  const tz = ctx.config.TZ_NAME;
  let q = entryBase(ctx.db).where('cg.gate_id', '=', i.addressId).where(cardFilters(i));
  q = inRange(q, dateRange(tz, i.validfrom, i.validto), 'cg.validfrom', 'cg.validto');
  let page = q
    .select(entryColumns)
    .limit(i.rows)
    .offset(i.page * i.rows);
  page = i.sort
    ? page.orderBy(sql.ref(ENTRY_SORT[i.sort]), i.order === 'desc' ? 'desc' : 'asc').orderBy('cg.id')
    : page.orderBy('cg.id', 'desc');
  const { rows, total } = await pageAndTotal(q, page);
  return { rows: rows.map((r) => toEntryRow(r, tz)), total };
}
