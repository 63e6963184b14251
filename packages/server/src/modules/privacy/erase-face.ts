import { type ErasureReason, msg } from '@gatehouse/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.ts';
import { type CommandQueue, withCommands } from '../../devices/commands.ts';
import type { AuthCtx } from '../../http/context.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { removeKept } from '../../http/uploads.ts';
import { eraseFaces } from './erase-faces.ts';
import { unitsOfFace } from '../holder/reach.ts';
import { liftUnitsOfHolder, queueLiftFiles } from '../holder/lifts.ts';
import { type FaceDbRow, faceSnapshot, visibleFace } from '../holder/access.ts';

const MENU = 'access.faceid' as const;

/**
 * delFace: the face, its door-unit entries and lift entries go; each door unit it was on
 * is told to delete it (an erasure record keeps each unit's receipt), and door units with a
 * lift entry of it get their new lift file. `withdraw`: consent was withdrawn (its record is marked);
 * `retention`: the retention job. Answers the erasure id.
 */
export async function deleteFace(ctx: AuthCtx, id: number, reason: ErasureReason = 'delete'): Promise<number> {
  const before = await visibleFace(ctx, id);
  const { photos, erasureId } = await withCommands(ctx, (trx, q) => eraseFaceIn(trx, q, ctx, before, reason));
  await removeKept(ctx.config, photos);
  return erasureId;
}

/**
 * One face erased in the caller's transaction (deleteFace, an account's deletion): through
 * eraseFaces, with its lift files sent again and an op-log entry. Answers the photo paths to remove
 * after the commit and the erasure id.
 */
export async function eraseFaceIn(
  trx: Kysely<DB>,
  q: CommandQueue,
  ctx: AuthCtx,
  before: FaceDbRow,
  reason: ErasureReason,
): Promise<{ photos: string[]; erasureId: number }> {
  const gates = await unitsOfFace(trx, before.id);
  const lifts = await liftUnitsOfHolder(trx, 'face', before.id);
  // before the face goes (its consent's face_id is then set null)
  if (reason === 'withdraw')
    await trx
      .updateTable('face_consent')
      .set({ withdrawn_at: sql<Date>`now()` })
      .where('face_id', '=', before.id)
      .where('withdrawn_at', 'is', null)
      .execute();
  const { photos, erasureIds } = await eraseFaces(trx, q, ctx, [{ ...before, units: gates }], reason);
  const erasureId = erasureIds[0] ?? 0;
  await queueLiftFiles(trx, q, lifts);
  await writeOpLog(trx, ctx, {
    menu: MENU,
    content: msg(reason === 'withdraw' ? 'op.privacy.withdraw' : 'op.face.delete', { account: before.account, address: before.address }),
    communityId: before.community_id,
    before: { ...faceSnapshot(before), gates, erasureId, reason },
  });
  return { photos, erasureId };
}
