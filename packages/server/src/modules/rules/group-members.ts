import { type GroupMember, type GroupMembers, msg, RULES_LIMITS } from '@gatehouse/contracts';
import { type Kysely, sql } from 'kysely';
import { anyInt, likeArg, likePrefix } from '../../db/sql.ts';
import type { DB } from '../../db/types.ts';
import { withCommands } from '../../devices/commands.ts';
import type { AuthCtx } from '../../http/context.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { foundInScope } from '../../http/scope.ts';
import { cardTypesOf, hasMenu } from '../holder/access.ts';
import { queueCardsOn } from '../holder/cards.ts';
import { queueFacesState } from '../holder/faces.ts';
import { MENU } from './common.ts';
import { liftUnitsOfGroups, queueLiftFiles } from '../holder/lifts.ts';
import { GROUP_LINK } from '../holder/reach.ts';

/**
 * A group's members on its own page (issue 36 item 10): listed, found among the community's
 * cards and faces, added and removed there. A card joins or leaves through the card menus'
 * rights as everywhere (only the card types whose list the caller manages; faces with the face
 * menu); what the group's units must now hold of each is sent at once, as when a card is given
 * the group in its own dialog.
 */

type Group = { id: number; community_id: number; name: string };

async function loadGroup(ctx: AuthCtx, id: number): Promise<Group> {
  return foundInScope(
    ctx.db,
    ctx.caller,
    await ctx.db.selectFrom('access_group').select(['id', 'community_id', 'name']).where('id', '=', id).executeTakeFirst(),
  );
}

/** Card types and whether faces: what the caller may put into or take out of a group. */
function managed(ctx: AuthCtx): { types: string[]; faces: boolean } {
  return { types: cardTypesOf(ctx.caller), faces: hasMenu(ctx.caller, 'access.faceid') };
}

const cardMember = (r: { id: number; card_no: string; account: string; user_name: string; address: string }): GroupMember => ({
  kind: 'card',
  id: r.id,
  label: r.card_no,
  account: r.account,
  userName: r.user_name,
  address: r.address,
});
const faceMember = (r: { id: number; account: string; user_name: string; address: string }): GroupMember => ({
  kind: 'face',
  id: r.id,
  label: r.user_name || r.account,
  account: r.account,
  userName: r.user_name,
  address: r.address,
});

const cardsOf = (db: Kysely<DB>) =>
  db
    .selectFrom('card as c')
    .innerJoin('address as a', 'a.id', 'c.address_id')
    .select(['c.id', 'c.card_no', 'c.account', 'c.user_name', 'a.address']);
const facesOf = (db: Kysely<DB>) =>
  db.selectFrom('face as f').innerJoin('address as a', 'a.id', 'f.address_id').select(['f.id', 'f.account', 'f.user_name', 'a.address']);

async function membersOf(db: Kysely<DB>, groupId: number): Promise<GroupMembers> {
  const shown = RULES_LIMITS.membersShown;
  const cards = await cardsOf(db)
    .innerJoin('access_group_card as m', 'm.card_id', 'c.id')
    .where('m.group_id', '=', groupId)
    .orderBy('c.id')
    .limit(shown)
    .execute();
  const faces = await facesOf(db)
    .innerJoin('access_group_face as m', 'm.face_id', 'f.id')
    .where('m.group_id', '=', groupId)
    .orderBy('f.id')
    .limit(Math.max(0, shown - cards.length))
    .execute();
  const { rows } = await sql<{ cards: number; faces: number }>`
    select (select count(*)::int from access_group_card where group_id = ${groupId}) as cards,
           (select count(*)::int from access_group_face where group_id = ${groupId}) as faces`.execute(db);
  return { members: [...cards.map(cardMember), ...faces.map(faceMember)], cards: rows[0]?.cards ?? 0, faces: rows[0]?.faces ?? 0 };
}

/** getGroupMembers */
export async function groupMembers(ctx: AuthCtx, groupId: number): Promise<GroupMembers> {
  const g = await loadGroup(ctx, groupId);
  return membersOf(ctx.db, g.id);
}

/** The card or face (its id column `id`) is not yet a member of the group. */
function notMember(kind: 'card' | 'face', groupId: number, id: 'c.id' | 'f.id') {
  const { table, holder } = GROUP_LINK[kind];
  return sql<boolean>`not exists (select 1 from ${sql.table(table)} as m where ${sql.ref(`m.${holder}`)} = ${sql.ref(id)} and m.group_id = ${groupId})`;
}

/** findGroupCandidates: the community's cards (by number or account prefix, or name) and faces (account or name) not in the group. */
export async function groupCandidates(ctx: AuthCtx, groupId: number, text: string): Promise<GroupMember[]> {
  const g = await loadGroup(ctx, groupId);
  const { types, faces } = managed(ctx);
  const n = RULES_LIMITS.candidatesShown;
  const cards = types.length
    ? await cardsOf(ctx.db)
        .where('c.community_id', '=', g.community_id)
        .where('c.card_type', '=', sql<string>`any(${types}::text[])`)
        .where((eb) =>
          eb.or([
            eb('c.card_no', 'like', likePrefix(text)),
            eb('c.account', 'like', likePrefix(text)),
            eb('c.user_name', 'ilike', likeArg(text)),
          ]),
        )
        .where(notMember('card', g.id, 'c.id'))
        .orderBy('c.card_no')
        .limit(n)
        .execute()
    : [];
  const found = faces
    ? await facesOf(ctx.db)
        .where('f.community_id', '=', g.community_id)
        .where((eb) => eb.or([eb('f.account', 'like', likePrefix(text)), eb('f.user_name', 'ilike', likeArg(text))]))
        .where(notMember('face', g.id, 'f.id'))
        .orderBy('f.id')
        .limit(n)
        .execute()
    : [];
  return [...cards.map(cardMember), ...found.map(faceMember)].slice(0, n);
}

/** The ids given, each once, all of the group's community and of what the caller manages (else 400 / 403). */
async function checked(ctx: AuthCtx, g: Group, cardRowIds: number[], faceIds: number[]): Promise<{ cards: number[]; faces: number[] }> {
  const { types, faces } = managed(ctx);
  const cards = [...new Set(cardRowIds)];
  const wantedFaces = [...new Set(faceIds)];
  if (wantedFaces.length && !faces) throw forbidden();
  const cardRows = cards.length
    ? await ctx.db
        .selectFrom('card')
        .select(['id', 'card_type'])
        .where('id', '=', anyInt(cards))
        .where('community_id', '=', g.community_id)
        .execute()
    : [];
  const faceRows = wantedFaces.length
    ? await ctx.db
        .selectFrom('face')
        .select('id')
        .where('id', '=', anyInt(wantedFaces))
        .where('community_id', '=', g.community_id)
        .execute()
    : [];
  if (cardRows.length !== cards.length || faceRows.length !== wantedFaces.length) throw badRequest('rules.unknownMembers');
  if (cardRows.some((c) => !types.includes(c.card_type))) throw forbidden();
  return { cards, faces: wantedFaces };
}

/** Puts these cards or faces into the group (`add`) or takes them out: the ids of those that were not so already. */
async function relink(trx: Kysely<DB>, kind: 'card' | 'face', groupId: number, ids: number[], add: boolean): Promise<number[]> {
  if (!ids.length) return [];
  const { table, holder } = GROUP_LINK[kind];
  const rows = add
    ? await trx
        .insertInto(table)
        .values(ids.map((id) => ({ group_id: groupId, [holder]: id }) as { group_id: number; card_id: number; face_id: number }))
        .onConflict((oc) => oc.doNothing())
        .returning(`${holder} as id`)
        .execute()
    : await trx.deleteFrom(table).where('group_id', '=', groupId).where(holder, '=', anyInt(ids)).returning(`${holder} as id`).execute();
  return rows.map((r) => r.id);
}

async function change(ctx: AuthCtx, i: { groupId: number; cards: number[]; faces: number[] }, add: boolean): Promise<GroupMembers> {
  const g = await loadGroup(ctx, i.groupId);
  const { cards, faces } = await checked(ctx, g, i.cards, i.faces);
  await withCommands(ctx, async (trx, q) => {
    const cardsChanged = await relink(trx, 'card', g.id, cards, add);
    const facesChanged = await relink(trx, 'face', g.id, faces, add);
    if (!cardsChanged.length && !facesChanged.length) return;
    // What the group's units must now hold of each: put through the group, or withdrawn unless kept otherwise.
    const units = (await trx.selectFrom('access_group_unit').select('address_id').where('group_id', '=', g.id).execute()).map(
      (u) => u.address_id,
    );
    await queueCardsOn(trx, q, cardsChanged, units);
    await queueFacesState(trx, q, facesChanged, units);
    await queueLiftFiles(trx, q, await liftUnitsOfGroups(trx, [g.id]));
    await writeOpLog(trx, ctx, {
      menu: MENU,
      content: msg('op.rules.group.members', {
        name: g.name,
        added: add ? cardsChanged.length + facesChanged.length : 0,
        removed: add ? 0 : cardsChanged.length + facesChanged.length,
      }),
      communityId: g.community_id,
      after: { group: g.id, [add ? 'added' : 'removed']: { cards: cardsChanged, faces: facesChanged } },
    });
  });
  return membersOf(ctx.db, g.id);
}

/** addGroupMembers */
export const addGroupMembers = (ctx: AuthCtx, i: { groupId: number; cards: number[]; faces: number[] }) => change(ctx, i, true);
/** removeGroupMembers */
export const removeGroupMembers = (ctx: AuthCtx, i: { groupId: number; cards: number[]; faces: number[] }) => change(ctx, i, false);
