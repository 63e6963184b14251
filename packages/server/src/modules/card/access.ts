import { CARD_LIST, type CardType, GATE_CARD_TYPES, LADDER_CARD_TYPES, type MenuKey, menuByKey } from '@gatehouse/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { AuthCtx } from '../../http/context.ts';
import type { Caller } from '../../http/caller.ts';
import { forbidden } from '../../http/errors.ts';
import { foundInScope } from '../../http/scope.ts';

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
export async function loadCard(ctx: AuthCtx, id: number, db: Kysely<DB> = ctx.db): Promise<CardRecord & { menu: MenuKey }> {
  const card = await foundInScope(
    ctx.db,
    ctx.caller,
    await db.selectFrom('card').select(CARD_COLUMNS).where('id', '=', id).executeTakeFirst(),
  );
  return { ...card, menu: assertTypeMenu(ctx.caller, card.card_type) };
}

/** The holder's name: the account's name when the account exists. */
export async function nameOfAccount(db: Kysely<DB>, account: string): Promise<string> {
  const row = await db.selectFrom('account').select('name').where('reg_no', '=', account).executeTakeFirst();
  return (row?.name ?? '').slice(0, 50);
}
