import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { type PhotoKeySettings, sealedFiles } from '../../faces/sealed-files.ts';
import { FACE_FILE_KIND } from '../holder/kinds.ts';

/**
 * Face photos are stored files (kind 'face') under DATA_DIR/files/faces/, sealed with the photo key
 * (faces/sealed-files.ts): this file and faces/sealed-files.ts are the only places that write or
 * read them. What a door unit gets (face.put imgBase64) is the plain JPEG.
 */

/** Writes a checked photo, sealed; answers its path relative to DATA_DIR. */
export function writePhoto(config: PhotoKeySettings, jpeg: Buffer): Promise<string> {
  return sealedFiles(config).write('faces', jpeg, '.jpg');
}

/** The stored_file row of a photo just written (size: the plain JPEG's). */
export async function insertPhotoRow(trx: Kysely<DB>, rel: string, size: number, communityId: number, name: string): Promise<number> {
  const row = await trx
    .insertInto('stored_file')
    .values({ kind: FACE_FILE_KIND, path: rel, mime: 'image/jpeg', size, original_name: name.slice(0, 300), community_id: communityId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The plain JPEG of a face photo (null when the file is gone). */
export async function readPhoto(db: Kysely<DB>, config: PhotoKeySettings, fileId: number): Promise<Buffer | null> {
  const f = await db
    .selectFrom('stored_file')
    .select('path')
    .where('id', '=', fileId)
    .where('kind', '=', FACE_FILE_KIND)
    .executeTakeFirst();
  return f ? readPhotoAt(config, f.path) : null;
}

/** The plain JPEG of a photo by its stored path (null when the file is gone). */
export const readPhotoAt = (config: PhotoKeySettings, rel: string): Promise<Buffer | null> => sealedFiles(config).read(rel);

export async function photoPath(db: Kysely<DB>, fileId: number): Promise<string | undefined> {
  return (await db.selectFrom('stored_file').select('path').where('id', '=', fileId).executeTakeFirst())?.path;
}
