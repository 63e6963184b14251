import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { type PhotoKeySettings, sealedFiles } from '../../faces/sealed-files.ts';

/** Stored files sealed with the photo key: face photos and scanned consent forms. */
export const SEALED_KINDS = ['face', 'consent'] as const;

export interface ResealCount {
  files: number;
  resealed: number;
  missing: number;
}

/**
 * Seals every face photo and consent form again with the current PHOTO_KEY where it is not yet
 * (unsealed files from before, or an old key of PHOTO_KEYS_OLD): `gatehouse reseal-photos`. Each
 * file is replaced whole (written beside, renamed over), so a server reading it meanwhile sees the
 * old or the new file; it is safe to run again after an interruption.
 */
export async function resealStoredFiles(db: Kysely<DB>, config: PhotoKeySettings): Promise<ResealCount> {
  const store = sealedFiles(config);
  const count: ResealCount = { files: 0, resealed: 0, missing: 0 };
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('stored_file')
      .select(['id', 'path'])
      .where('kind', 'in', [...SEALED_KINDS])
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute();
    if (!rows.length) return count;
    for (const r of rows) {
      count.files++;
      const done = await store.reseal(r.path);
      if (done === 'missing') count.missing++;
      else if (done) count.resealed++;
    }
    after = (rows[rows.length - 1] as { id: number }).id;
  }
}
