import { CARD_LIST, type CardType, GATE_CARD_TYPES, LADDER_CARD_TYPES, type MenuKey, menuByKey } from '@gatehouse/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { AuthCtx } from '../../http/context.ts';
import type { Caller } from '../../http/caller.ts';
import { forbidden } from '../../http/errors.ts';
import { foundInScope, withinScope } from '../../http/scope.ts';
import type { Scope } from '../../http/caller.ts';

/**
 * Which card list (and so which menu) a card type belongs to. The gate list (ismjtk 1)
 * shows access, patrol and access-lift cards, and authorization cards (a door card the
 * spec names in the door-unit view); the lift list (ismjtk 2) lift and access-lift cards.
 */
export const TYPES_OF_LIST: Record<number, readonly CardType[]> = {
  [CARD_LIST.gate]: [...GATE_CARD_TYPES, 'authcard'],
  [CARD_LIST.ladder]: LADDER_CARD_TYPES,
};
const MENU_OF_LIST: Record<number, MenuKey> = { [CARD_LIST.gate]: 'access.gate', [CARD_LIST.ladder]: 'access.ladder' };

export const hasMenu = (caller: Caller, key: MenuKey): boolean => caller.menuIds.has(menuByKey(key).id);

/** The menus under which a card of a type is managed. */
export const menusOfType = (type: string): MenuKey[] =>
  Object.entries(TYPES_OF_LIST)
    .filter(([, types]) => (types as readonly string[]).includes(type))
    .map(([list]) => MENU_OF_LIST[Number(list)] as MenuKey);

/** Card types whose card list menu the caller holds. */
export function cardTypesOf(caller: Caller): string[] {
  return ['authcard', 'accesscard', 'patrolcard', 'laddercard', 'accladdcard'].filter((t) =>
    menusOfType(t).some((m) => hasMenu(caller, m)),
  );
}

/** Refuses (403) a card list whose menu the caller does not hold. */
export function assertListMenu(caller: Caller, ismjtk: number): MenuKey {
  const menu = MENU_OF_LIST[ismjtk];
  if (!menu || !hasMenu(caller, menu)) throw forbidden();
  return menu;
}

/** Refuses (403) a card type none of whose menus the caller holds; answers the menu for the op log. */
export function assertTypeMenu(caller: Caller, type: string): MenuKey {
  const menu = menusOfType(type).find((m) => hasMenu(caller, m));
  if (!menu) throw forbidden();
  return menu;
}

export interface CardRecord {
  id: number;
  card_no: string;
  community_id: number;
  address_id: number;
  account: string;
  user_name: string;
  card_type: string;
  card_mode: string;
  status: string;
  is_villa: number;
}

export const CARD_COLUMNS = [
  'id',
  'card_no',
  'community_id',
  'address_id',
  'account',
  'user_name',
  'card_type',
  'card_mode',
  'status',
  'is_villa',
] as const;

/** A card the caller may manage: 404 when unknown, 403 out of scope or without the card's menu. */
export async function loadCard(ctx: AuthCtx, cardRowId: number, db: Kysely<DB> = ctx.db): Promise<CardRecord & { menu: MenuKey }> {
  const card = await foundInScope(
    ctx.db,
    ctx.caller,
    await db.selectFrom('card').select(CARD_COLUMNS).where('id', '=', cardRowId).executeTakeFirst(),
  );
  return { ...card, menu: assertTypeMenu(ctx.caller, card.card_type) };
}

/** The holder's name: the account's name when the account exists. */
export async function nameOfAccount(db: Kysely<DB>, account: string): Promise<string> {
  const row = await db.selectFrom('account').select('name').where('reg_no', '=', account).executeTakeFirst();
  return (row?.name ?? '').slice(0, 50);
}

/** Faces of the communities in a scope, with their household and community. */
export function faceBase(db: Kysely<DB>, scope: Scope) {
  return withinScope(
    db.selectFrom('face as f').innerJoin('address as a', 'a.id', 'f.address_id').innerJoin('community as c', 'c.id', 'f.community_id'),
    scope,
    'f.community_id',
  );
}

export const FACE_COLUMNS = [
  'f.id',
  'f.user_name',
  'f.account',
  'f.community_id',
  'f.address_id',
  'f.status',
  'f.is_villa',
  'f.photo_file_id',
  'a.address',
  'c.name as communityname',
] as const;

export interface FaceDbRow {
  id: number;
  user_name: string;
  account: string;
  community_id: number;
  address_id: number;
  status: string;
  is_villa: number;
  photo_file_id: number;
  address: string;
  communityname: string;
}

export async function faceById(db: Kysely<DB>, id: number, scope: Scope = { all: true }): Promise<FaceDbRow | undefined> {
  return faceBase(db, scope)
    .select([...FACE_COLUMNS])
    .where('f.id', '=', id)
    .executeTakeFirst();
}

/** A face as the op log keeps it (before / after). */
export const faceSnapshot = (r: FaceDbRow) => ({
  id: r.id,
  account: r.account,
  username: r.user_name,
  addressId: r.address_id,
  status: r.status,
  photoFileId: r.photo_file_id,
});

/** A face the caller may see: 404 when there is none, 403 when it belongs to another community. */
export async function visibleFace(ctx: AuthCtx, id: number, db: Kysely<DB> = ctx.db): Promise<FaceDbRow> {
  return foundInScope(ctx.db, ctx.caller, await faceById(db, id));
}
