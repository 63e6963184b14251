import type { Kysely } from 'kysely';
import { anyText } from '../../db/sql.ts';
import type { DB } from '../../db/types.ts';
import type { CommandQueue } from '../../devices/commands.ts';
import type { AuthCtx } from '../../http/context.ts';
import { scopeOf } from '../../http/scope.ts';
import { eraseFaceIn } from './erase-face.ts';
import { FACE_COLUMNS, faceBase } from '../holder/access.ts';
import { pseudonymKey, pseudonymiseAccounts } from './pseudonym.ts';

/**
 * A person erased with their account (issue 35 item 3, in the account deletion's transaction): every
 * face of theirs in the caller's communities goes by the erasure path (units told, receipts kept,
 * reason `account`), and their access events and punches there are pseudonymised in place. Answers
 * the photo paths to remove after the commit and the counts.
 */
export async function erasePeople(
  trx: Kysely<DB>,
  q: CommandQueue,
  ctx: AuthCtx,
  accounts: readonly string[],
): Promise<{ photos: string[]; faces: number; events: number }> {
  const mine = accounts.filter(Boolean);
  if (!mine.length) return { photos: [], faces: 0, events: 0 };
  const scope = await scopeOf(trx, ctx.caller);
  const faces = await faceBase(trx, scope)
    .select([...FACE_COLUMNS])
    .where('f.account', '=', anyText(mine))
    .orderBy('f.id')
    .execute();
  const photos: string[] = [];
  for (const f of faces) photos.push(...(await eraseFaceIn(trx, q, ctx, f, 'account')).photos);
  const events = await pseudonymiseAccounts(trx, pseudonymKey(ctx.config), mine, scope.all ? null : scope.ids);
  return { photos, faces: faces.length, events };
}
