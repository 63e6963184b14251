import { ADDRESS_TYPE, type CardRow, menuByKey, type MenuKey } from '@gatehouse/contracts';
import { countRows } from '../../db/sql.ts';
import type { TestApp } from '../../test/harness.ts';

/** Inserts an address of a community (householder by default) and answers its id. */
export async function addAddress(
  t: TestApp,
  communityId: number,
  address: string,
  type: number = ADDRESS_TYPE.householder,
  isVilla = 0,
): Promise<number> {
  const row = await t.db
    .insertInto('address')
    .values({
      community_id: communityId,
      address,
      name: address.slice(0, 20),
      type,
      is_villa: isVilla,
      hardware: 15,
      devstate: 0,
      reg_no: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A property manager of the given communities (role 4: both card menus, door units, faces). */
export async function managerOf(t: TestApp, ...communityIds: number[]): Promise<{ id: number; token: string }> {
  const m = await t.signIn({ roleId: 4 });
  for (const c of communityIds) await t.db.insertInto('account_community').values({ account_id: m.id, community_id: c }).execute();
  return m;
}

/** Takes a menu away from an account. */
export async function revokeMenu(t: TestApp, accountId: number, key: MenuKey): Promise<void> {
  await t.db.deleteFrom('account_menu').where('account_id', '=', accountId).where('menu_id', '=', menuByKey(key).id).execute();
}

/** Creates a card through the API (fails the test on an error answer). */
export async function newCard(t: TestApp, token: string, v: Record<string, unknown>): Promise<CardRow> {
  const res = await t.post<CardRow>(
    '/card/createCard',
    { account: '13800000001', cardtype: 'accesscard', cardmode: 'ic', cardstatus: 'enable', ...v },
    token,
  );
  if (res.body.status !== 200) throw new Error(`createCard: ${res.body.msgs.join('; ')}`);
  return res.body.content;
}

export const counts = async (t: TestApp) => ({
  cards: await countRows(t.db.selectFrom('card')),
  entries: await countRows(t.db.selectFrom('card_gate')),
  ladders: await countRows(t.db.selectFrom('ladder_config')),
});
