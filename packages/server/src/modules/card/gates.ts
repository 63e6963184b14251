import { type DoorUnitCardRow, msg, type ParsedInput, type cardRoutes } from '@gatehouse/contracts';
import type { AuthCtx } from '../../http/context.ts';
import { foundInScope } from '../../http/scope.ts';
import { queueCardOn } from '../holder/cards.ts';
import { deleteUnitEntry, redownloadUnitEntry, updateUnitEntry, validityView } from '../../devices/unit-entries.ts';
import { entryBase, entryColumns, toEntryRow } from './queries.ts';

type R = typeof cardRoutes;

/** One door-unit entry with its card and door unit: 404 when unknown, 403 out of scope. */
async function loadEntry(ctx: AuthCtx, id: number) {
  const e = entryBase(ctx.db)
    .innerJoin('address as g', 'g.id', 'cg.gate_id')
    .select([...entryColumns, 'g.address as gate', 'g.community_id'])
    .where('cg.id', '=', id);
  return foundInScope(ctx.db, ctx.caller, await e.executeTakeFirst());
}

const view = (e: Awaited<ReturnType<typeof loadEntry>>, tz: string) => ({
  cardid: e.cardid,
  gate: e.gate,
  ...validityView(e, tz),
});

/** updateGateAccessAddressByAddressId: validity and note of one entry; the unit gets the card again. */
export async function updateEntry(ctx: AuthCtx, i: ParsedInput<R['updateGateAccessAddressByAddressId']>): Promise<DoorUnitCardRow> {
  const e = await loadEntry(ctx, i.id);
  const tz = ctx.config.TZ_NAME;
  await updateUnitEntry(ctx, 'card_gate', e, i, {
    send: async (trx, q) => e.status === 'enable' && (await queueCardOn(trx, q, e.cardRowId, [e.gate_id])),
    log: { menu: 'access.gm', content: msg('op.card.gateUpdate', { cardid: e.cardid, gate: e.gate }), before: view(e, tz) },
  });
  const row = await entryBase(ctx.db).select(entryColumns).where('cg.id', '=', i.id).executeTakeFirstOrThrow();
  return toEntryRow(row, tz);
}

/** delGateAccessAddressById: removes the card from the door unit (refused for single-family entries). */
export async function deleteEntry(ctx: AuthCtx, id: number): Promise<void> {
  const e = await loadEntry(ctx, id);
  await deleteUnitEntry(ctx, 'card_gate', e, {
    send: (trx, q) => queueCardOn(trx, q, e.cardRowId, [e.gate_id]),
    log: { menu: 'access.gm', content: msg('op.card.gateDelete', { cardid: e.cardid, gate: e.gate }), before: view(e, ctx.config.TZ_NAME) },
  });
}

/** updateRedownload: queues the card for the door unit again (an enabled card only). */
export async function redownloadEntry(ctx: AuthCtx, id: number): Promise<{ queued: number }> {
  const e = await loadEntry(ctx, id);
  return redownloadUnitEntry(ctx, e, 'card.disabledNoSend', {
    send: (trx, q) => queueCardOn(trx, q, e.cardRowId, [e.gate_id]),
    log: () => ({ menu: 'access.gm', content: msg('op.card.redownload', { cardid: e.cardid, gate: e.gate }) }),
  });
}
