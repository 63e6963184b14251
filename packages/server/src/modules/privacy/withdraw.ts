import type { AuthCtx } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { deleteFace } from './erase-face.ts';
import { visibleFace } from '../holder/access.ts';

/**
 * withdrawConsent: the face is erased through the erasure path (every unit holding it told, a
 * receipt kept, the photo gone) and its consent record marked withdrawn; the person's cards stay.
 * 404 when the face has no consent on record.
 */
export async function withdrawConsent(ctx: AuthCtx, faceId: number): Promise<{ erasureId: number }> {
  await visibleFace(ctx, faceId);
  const consent = await ctx.db.selectFrom('face_consent').select('id').where('face_id', '=', faceId).executeTakeFirst();
  if (!consent) throw notFound('privacy.noConsent');
  return { erasureId: await deleteFace(ctx, faceId, 'withdraw') };
}
