import type { ErasureReason } from '@gatehouse/contracts';
import type { Kysely } from 'kysely';
import { anyInt } from '../../db/sql.ts';
import type { DB } from '../../db/types.ts';
import type { CommandQueue } from '../../devices/commands.ts';
import { faceDeleteCommand } from '../holder/faces.ts';
import { FACE_FILE_KIND } from '../holder/kinds.ts';
import { type ErasedFace, recordErasures } from './erasure.ts';

/** A face about to be erased: its row's fields, its photo and the door units holding it (own entries and its groups' units). */
export interface FaceToErase extends ErasedFace {
  photo_file_id: number;
  units: readonly number[];
}

/**
 * The one way a face leaves (issue 35 item 3; docs/privacy.md "Erasure"): deleting it, withdrawing
 * consent, a move-out, expiring it as unused, the retention rule and deleting its person's account
 * all come here, in the caller's transaction. The face rows and their photo rows go (entries, group
 * memberships and lift entries with them), each unit holding one is sent a face.delete, and an
 * erasure record keeps each unit's receipt. Answers the stored photo paths, to remove once the
 * transaction committed (`removeKept`), and the erasure ids, in the order of `faces`.
 */
export async function eraseFaces(
  trx: Kysely<DB>,
  q: CommandQueue,
  actor: { caller: { accountId: number | null; regNo: string } },
  faces: readonly FaceToErase[],
  reason: ErasureReason,
): Promise<{ photos: string[]; erasureIds: number[] }> {
  if (!faces.length) return { photos: [], erasureIds: [] };
  const fileIds = faces.map((f) => f.photo_file_id);
  const files = await trx
    .selectFrom('stored_file')
    .select('path')
    .where('id', '=', anyInt(fileIds))
    .where('kind', '=', FACE_FILE_KIND)
    .execute();
  await trx
    .deleteFrom('face')
    .where('id', '=', anyInt(faces.map((f) => f.id)))
    .execute();
  await trx.deleteFrom('stored_file').where('id', '=', anyInt(fileIds)).where('kind', '=', FACE_FILE_KIND).execute();
  await q.addMany(faces.map((f) => ({ to: [...f.units], cmds: [faceDeleteCommand(f.id, f.account)] })));
  return { photos: files.map((f) => f.path), erasureIds: await recordErasures(trx, q, actor, faces, reason) };
}
