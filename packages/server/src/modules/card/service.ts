import { ADDRESS_TYPE, type CardRow, msg, type ParsedInput, type cardRoutes } from '@gatehouse/contracts';
import type { Kysely } from 'kysely';
import { withCommands } from '../../devices/commands.ts';
import type { DB } from '../../db/types.ts';
import type { AuthCtx } from '../../http/context.ts';
import { badRequest, notFound, outOfScope } from '../../http/errors.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { assertCommunity, scopeOf, inScope } from '../../http/scope.ts';
import { assertTypeMenu, CARD_COLUMNS, type CardRecord, loadCard, nameOfAccount } from '../holder/access.ts';
import { cardDeleteCommand, queueCardOn } from '../holder/cards.ts';
import { unitsOfCards } from '../holder/reach.ts';
import { PG_ERROR, pgCode } from '../../db/sql.ts';
import { cardRow } from './queries.ts';
import { groupLiftUnitsOfCards, liftUnitsOfHolder, queueLiftFiles } from '../holder/lifts.ts';

type R = typeof cardRoutes;

/** The household of a card: an address of type householder in the community (400 otherwise). */
async function household(db: Kysely<DB>, communityId: number, addressId: number) {
  const h = await db
    .selectFrom('address')
    .select(['id', 'community_id', 'type', 'is_villa'])
    .where('id', '=', addressId)
    .executeTakeFirst();
  if (!h || h.community_id !== communityId || h.type !== ADDRESS_TYPE.householder) throw badRequest('card.householdOutside');
  return h;
}

const snapshot = (c: Omit<CardRecord, 'id'> & { id?: number }) => ({
  id: c.id,
  cardid: c.card_no,
  communityId: c.community_id,
  addressId: c.address_id,
  account: c.account,
  cardtype: c.card_type,
  cardmode: c.card_mode,
  cardstatus: c.status,
});

/** createCard: the card number is unique in its community; no door unit yet (see the download dialog). */
export async function createCard(ctx: AuthCtx, i: ParsedInput<R['createCard']>): Promise<CardRow> {
  assertTypeMenu(ctx.caller, i.cardtype);
  await assertCommunity(ctx.db, ctx.caller, i.communityId);
  const id = await ctx.db.transaction().execute((trx) => addCard(trx, ctx, i));
  return cardRow(ctx.db, id);
}

/**
 * A new card in the caller's transaction (the add-face dialog gives one with a face: issue 35),
 * with its op-log entry; the caller's community scope is checked by the caller. 403 without the
 * card type's menu, 400 when the number is taken in the community. Answers its id.
 */
export async function addCard(trx: Kysely<DB>, ctx: AuthCtx, i: ParsedInput<R['createCard']>): Promise<number> {
  const menu = assertTypeMenu(ctx.caller, i.cardtype);
  const h = await household(trx, i.communityId, i.addressId);
  const taken = await trx
    .selectFrom('card')
    .select('id')
    .where('community_id', '=', i.communityId)
    .where('card_no', '=', i.cardid)
    .executeTakeFirst();
  if (taken) throw badRequest(msg('card.duplicate', { cardid: i.cardid }));
  const values = {
    card_no: i.cardid,
    community_id: i.communityId,
    address_id: h.id,
    account: i.account,
    user_name: await nameOfAccount(trx, i.account),
    card_type: i.cardtype,
    card_mode: i.cardmode,
    status: i.cardstatus,
    is_villa: h.is_villa,
  };
  const row = await trx
    .insertInto('card')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow()
    .catch((e: unknown) => {
      // a concurrent create of the same number lost the race on the unique constraint
      throw pgCode(e) === PG_ERROR.uniqueViolation ? badRequest(msg('card.duplicate', { cardid: i.cardid })) : e;
    });
  await writeOpLog(trx, ctx, {
    menu,
    content: msg('op.card.add', { cardid: i.cardid }),
    communityId: i.communityId,
    after: snapshot({ ...values, id: row.id }),
  });
  return row.id;
}

/**
 * updateCard: household, account, type, mode and status (card number and community are
 * read-only). Refused for single-family cards. The door units holding the card get its
 * new state (or a delete when it is now disabled); lift files naming it are re-sent.
 */
export async function updateCard(ctx: AuthCtx, i: ParsedInput<R['updateCard']>): Promise<CardRow> {
  const before = await loadCard(ctx, i.id);
  assertTypeMenu(ctx.caller, i.cardtype);
  if (before.is_villa !== 0) throw badRequest('card.villaEdit');
  await withCommands(ctx, async (trx, q) => {
    const h = await household(trx, before.community_id, i.addressId);
    const after = {
      address_id: h.id,
      account: i.account,
      user_name: i.account === before.account ? before.user_name : await nameOfAccount(trx, i.account),
      card_type: i.cardtype,
      card_mode: i.cardmode,
      status: i.cardstatus,
    };
    await trx
      .updateTable('card')
      .set({ ...after, updated_at: new Date() })
      .where('id', '=', i.id)
      .execute();
    const deviceVisible =
      after.account !== before.account ||
      after.card_mode !== before.card_mode ||
      after.card_type !== before.card_type ||
      after.status !== before.status ||
      after.user_name !== before.user_name;
    if (deviceVisible) {
      const gates = await unitsOfCards(trx, [i.id]);
      await queueCardOn(
        trx,
        q,
        i.id,
        gates.map((g) => g.gate_id),
      );
      if (after.account !== before.account || after.status !== before.status)
        await queueLiftFiles(trx, q, await liftUnitsOfHolder(trx, 'card', i.id));
    }
    await writeOpLog(trx, ctx, {
      menu: before.menu,
      content: msg('op.card.update', { cardid: before.card_no }),
      communityId: before.community_id,
      before: snapshot(before),
      after: snapshot({ ...before, ...after }),
    });
  });
  return cardRow(ctx.db, i.id);
}

/** batchDel: all the cards or none (each must be in scope and under a menu the caller holds). */
export async function deleteCards(ctx: AuthCtx, cardRowIds: number[]): Promise<{ deleted: number }> {
  const scope = await scopeOf(ctx.db, ctx.caller);
  return withCommands(ctx, async (trx, q) => {
    const cards = await trx.selectFrom('card').select(CARD_COLUMNS).where('id', 'in', cardRowIds).execute();
    for (const c of cards) {
      if (!inScope(scope, c.community_id)) throw outOfScope();
      assertTypeMenu(ctx.caller, c.card_type);
    }
    if (!cards.length) throw notFound();
    const found = cards.map((c) => c.id);
    const gates = await unitsOfCards(trx, found);
    const ladders = await trx.selectFrom('ladder_config').select('address_id').where('card_id', 'in', found).execute();
    const groupLifts = await groupLiftUnitsOfCards(trx, found);
    await trx.deleteFrom('card').where('id', 'in', found).execute();
    for (const c of cards) {
      const mine = gates.filter((g) => g.card_id === c.id).map((g) => g.gate_id);
      if (mine.length) await q.add(mine, [cardDeleteCommand(c)]);
    }
    await queueLiftFiles(trx, q, [...ladders.map((l) => l.address_id), ...groupLifts]);
    const byCommunity = new Map<number, typeof cards>();
    for (const c of cards) byCommunity.set(c.community_id, [...(byCommunity.get(c.community_id) ?? []), c]);
    for (const [communityId, list] of byCommunity) {
      await writeOpLog(trx, ctx, {
        menu: assertTypeMenu(ctx.caller, list[0]?.card_type ?? ''),
        content: msg('op.card.delete', { cardids: list.map((c) => c.card_no).join(', ') }),
        communityId,
        before: list.map(snapshot),
      });
    }
    return { deleted: cards.length };
  });
}
