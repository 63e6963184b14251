import {
  type FaceAddressRow,
  type FaceDownloadInfo,
  type faceRoutes,
  HARDWARE,
  LIMITS,
  msg,
  type Page,
  type ParsedInput,
} from '@gatehouse/contracts';
import type { Kysely } from 'kysely';
import { withCommands } from '../../devices/commands.ts';
import type { DB } from '../../db/types.ts';
import type { AuthCtx } from '../../http/context.ts';
import { dateRange, formatDateTime, parseDateTime } from '../../http/dates.ts';
import { badRequest, notFound, forbidden } from '../../http/errors.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { assertCommunity, foundInScope } from '../../http/scope.ts';
import { queueFaceState } from './device.ts';
import { GATE_FACE_COLUMNS, type GateFaceDbRow, gateEntries, gateFaceBase, toFaceAddressRow } from './queries.ts';
import { doorUnitsWith } from '../address/units.ts';
import { deleteUnitEntry, redownloadUnitEntry, updateUnitEntry, validityView } from '../../devices/unit-entries.ts';
import { visibleFace } from './queries.ts';
import { pageInOrder } from '../../db/sorted-page.ts';
import { deleteRows, inRange, likeArg as like, pageAndTotal } from '../../db/sql.ts';

type F = typeof faceRoutes;
/** Default validity of a new door-unit entry: from now, for as many years as a card's. */
export const FACE_DEFAULT_VALID_YEARS = LIMITS.cardValidityYears;

/** getFaceAddressDownloadInfo: door units offered (face-capable, same community) and configured. */
export async function downloadInfo(ctx: AuthCtx, i: ParsedInput<F['getFaceAddressDownloadInfo']>): Promise<FaceDownloadInfo> {
  if (!i.communityname) throw badRequest('v.chooseCommunity');
  const face = await visibleFace(ctx, i.id);
  return infoOf(ctx, ctx.db, face.id, face.community_id);
}

async function infoOf(ctx: AuthCtx, db: Kysely<DB>, faceId: number, communityId: number): Promise<FaceDownloadInfo> {
  const tz = ctx.config.TZ_NAME;
  const gates = await doorUnitsWith(db, communityId, HARDWARE.face);
  const configured = await gateEntries(db, faceId, tz);
  const now = new Date();
  const after = new Date(now);
  after.setFullYear(after.getFullYear() + FACE_DEFAULT_VALID_YEARS);
  return {
    allGms: gates.map((g) => ({ intValue: g.id, label: g.address })),
    configured,
    now: formatDateTime(now, tz),
    after: formatDateTime(after, tz),
    deletAll: configured.length === 0 || configured.some((c) => c.isVilla !== 0),
  };
}

/**
 * updateFaceAddressInfo: fas is the whole configured list after the dialog. Entries not in
 * it are removed (a single-family entry may not be: 403), new ones added, the others get
 * the sent validity and notes. Only face-capable door units of the face's community are
 * accepted. The face's state is queued for every door unit concerned.
 */
export async function saveFaceGates(ctx: AuthCtx, i: ParsedInput<F['updateFaceAddressInfo']>): Promise<FaceDownloadInfo> {
  const face = await visibleFace(ctx, i.id);
  const tz = ctx.config.TZ_NAME;
  const allowed = new Map((await doorUnitsWith(ctx.db, face.community_id, HARDWARE.face)).map((g) => [g.id, g]));
  const current = await ctx.db.selectFrom('face_gate').select(['id', 'gate_id', 'is_villa']).where('face_id', '=', face.id).execute();
  const msgs: string[] = [];
  if (!i.fas.length && !current.length) msgs.push(msg('v.choose', { field: '@f.face.gate' }));
  const seen = new Set<number>();
  const wanted: { gateId: number; from: Date; to: Date; info: string; isVilla: number }[] = [];
  for (const e of i.fas) {
    const gate = allowed.get(e.gateID);
    if (!gate) {
      const other = await ctx.db.selectFrom('address').select('address').where('id', '=', e.gateID).executeTakeFirst();
      const sameCommunity = await ctx.db
        .selectFrom('address')
        .select('id')
        .where('id', '=', e.gateID)
        .where('community_id', '=', face.community_id)
        .where('type', '=', 0)
        .executeTakeFirst();
      msgs.push(msg(sameCommunity ? 'face.gateNoFace' : 'face.gateNotInCommunity', { address: other?.address ?? String(e.gateID) }));
      continue;
    }
    if (seen.has(gate.id)) {
      msgs.push(msg('face.gateTwice', { address: gate.address }));
      continue;
    }
    seen.add(gate.id);
    const from = parseDateTime(e.validfrom, tz);
    const to = parseDateTime(e.validto, tz);
    if (!from || !to || from >= to) {
      msgs.push('v.dateOrder');
      continue;
    }
    wanted.push({ gateId: gate.id, from, to, info: e.info ?? '', isVilla: gate.is_villa });
  }
  if (msgs.length) throw badRequest(...[...new Set(msgs)]);
  const removed = current.filter((c) => !seen.has(c.gate_id));
  if (removed.some((c) => c.is_villa !== 0)) throw forbidden('addr.villaNoDelete');
  const beforeList = await gateEntries(ctx.db, face.id, tz);
  return withCommands(ctx, async (trx, q) => {
    await deleteRows(trx, 'face_gate', removed);
    const have = new Set(current.map((c) => c.gate_id));
    for (const w of wanted) {
      if (have.has(w.gateId)) {
        await trx
          .updateTable('face_gate')
          .set({ validfrom: w.from, validto: w.to, info: w.info })
          .where('face_id', '=', face.id)
          .where('gate_id', '=', w.gateId)
          .execute();
      } else {
        await trx
          .insertInto('face_gate')
          .values({ face_id: face.id, gate_id: w.gateId, validfrom: w.from, validto: w.to, info: w.info, is_villa: w.isVilla })
          .execute();
      }
    }
    await queueFaceState(trx, q, face.id, [...new Set([...current.map((c) => c.gate_id), ...wanted.map((w) => w.gateId)])]);
    const info = await infoOf(ctx, trx, face.id, face.community_id);
    await writeOpLog(trx, ctx, {
      menu: 'access.faceid',
      content: msg('op.face.assign', { account: face.account, count: info.configured.length }),
      communityId: face.community_id,
      before: { faceId: face.id, configured: beforeList },
      after: { faceId: face.id, configured: info.configured },
    });
    return info;
  });
}

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
