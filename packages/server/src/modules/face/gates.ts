import { type FaceAddressRow, type faceRoutes, msg, type Page, type ParsedInput } from '@gatehouse/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { AuthCtx } from '../../http/context.ts';
import { dateRange } from '../../http/dates.ts';
import { notFound } from '../../http/errors.ts';
import { assertCommunity, foundInScope } from '../../http/scope.ts';
import { queueFaceState } from '../holder/faces.ts';
import { GATE_FACE_COLUMNS, type GateFaceDbRow, gateFaceBase, toFaceAddressRow } from './queries.ts';
import { deleteUnitEntry, redownloadUnitEntry, updateUnitEntry, validityView } from '../../devices/unit-entries.ts';
import { pageInOrder } from '../../db/sorted-page.ts';
import { inRange, likeArg as like, pageAndTotal } from '../../db/sql.ts';

type F = typeof faceRoutes;
const GATE_SORT = {
  account: 'f.account',
  address: 'a.address',
  status: 'f.status',
  validfrom: 'g.validfrom',
  validto: 'g.validto',
} as const;

/** getFaceAddressByAddressId: the faces configured on one door unit (in the caller's scope). */
export async function gateFacesPage(ctx: AuthCtx, i: ParsedInput<F['getFaceAddressByAddressId']>): Promise<Page<FaceAddressRow>> {
  const gate = await ctx.db.selectFrom('address').select(['community_id', 'type']).where('id', '=', i.addressId).executeTakeFirst();
  if (gate?.type !== 0) throw notFound();
  await assertCommunity(ctx.db, ctx.caller, gate.community_id);
  const tz = ctx.config.TZ_NAME;
  let q = gateFaceBase(ctx.db).where('g.gate_id', '=', i.addressId);
  if (i.account) q = q.where('f.account', 'ilike', like(i.account));
  if (i.address) q = q.where('a.address', 'ilike', like(i.address));
  if (i.status) q = q.where('f.status', '=', i.status);
  q = inRange(q, dateRange(tz, i.validfrom, i.validto), 'g.validfrom', 'g.validto');
  const { rows, total } = await pageAndTotal(q, pageInOrder(q.select([...GATE_FACE_COLUMNS]), i, GATE_SORT, 'account', 'g.id'));
  return { total: Number(total), rows: rows.map((r) => toFaceAddressRow(r, tz)) };
}

/** A door-unit entry the caller may see (404 none, 403 another community). */
async function visibleEntry(ctx: AuthCtx, id: number, db: Kysely<DB> = ctx.db): Promise<GateFaceDbRow> {
  const row = gateFaceBase(db)
    .select([...GATE_FACE_COLUMNS])
    .where('g.id', '=', id);
  return foundInScope(ctx.db, ctx.caller, await row.executeTakeFirst());
}

const entryLog = (r: GateFaceDbRow, tz: string) => ({
  id: r.id,
  faceId: r.face_id,
  gateId: r.gate_id,
  ...validityView(r, tz),
});

/** updateFaceAddressByAddressId: validity and notes of one entry; sent to the door unit again. */
export async function updateGateFace(ctx: AuthCtx, i: ParsedInput<F['updateFaceAddressByAddressId']>): Promise<FaceAddressRow> {
  const before = await visibleEntry(ctx, i.id);
  const tz = ctx.config.TZ_NAME;
  await updateUnitEntry(ctx, 'face_gate', before, i, {
    send: (trx, q) => queueFaceState(trx, q, before.face_id, [before.gate_id]),
    log: {
      menu: 'access.gm',
      content: msg('op.face.gateEdit', { account: before.account, gate: before.gateAddress }),
      before: entryLog(before, tz),
    },
  });
  return toFaceAddressRow(await visibleEntry(ctx, i.id), tz);
}

/** delFaceAddressById: removes a face from one door unit (not a single-family entry: 403). */
export async function deleteGateFace(ctx: AuthCtx, id: number): Promise<void> {
  const before = await visibleEntry(ctx, id);
  await deleteUnitEntry(ctx, 'face_gate', before, {
    send: (trx, q) => queueFaceState(trx, q, before.face_id, [before.gate_id]),
    log: {
      menu: 'access.gm',
      content: msg('op.face.gateDelete', { account: before.account, gate: before.gateAddress }),
      before: entryLog(before, ctx.config.TZ_NAME),
    },
  });
}

/** updateFaceRedownload: queues the face for the entry's door unit again (an enabled face only, as for cards). */
export async function redownloadGateFace(ctx: AuthCtx, id: number): Promise<{ queued: number }> {
  const entry = await visibleEntry(ctx, id);
  return redownloadUnitEntry(ctx, entry, 'face.disabledNoSend', {
    send: async (trx, q) => {
      await queueFaceState(trx, q, entry.face_id, [entry.gate_id]);
      return q.commandIds.length;
    },
    log: (q) => ({
      menu: 'access.gm',
      content: msg('op.face.redownload', { account: entry.account, gate: entry.gateAddress }),
      after: { id: entry.id, commands: q.commandIds },
    }),
  });
}
