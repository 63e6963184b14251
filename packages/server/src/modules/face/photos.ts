import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/types.ts';

/** Face photos are stored files (kind 'face') under DATA_DIR/files/faces/. */
export const FACE_FILE_KIND = 'face';

/** Writes a checked photo to disk; answers its path relative to DATA_DIR. */
export async function writePhoto(config: Pick<Config, 'dataDir'>, jpeg: Buffer): Promise<string> {
  const dir = path.join(config.dataDir, 'files', 'faces');
  await fs.promises.mkdir(dir, { recursive: true });
  const rel = path.join('files', 'faces', `${crypto.randomUUID()}.jpg`);
  await fs.promises.writeFile(path.join(config.dataDir, rel), jpeg);
  return rel;
}

/** The stored_file row of a photo just written. */
export async function insertPhotoRow(trx: Kysely<DB>, rel: string, size: number, communityId: number, name: string): Promise<number> {
  const row = await trx
    .insertInto('stored_file')
    .values({ kind: FACE_FILE_KIND, path: rel, mime: 'image/jpeg', size, original_name: name.slice(0, 300), community_id: communityId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The stored JPEG of a face photo ('' when the file is gone). */
export async function readPhoto(db: Kysely<DB>, config: Config, fileId: number): Promise<Buffer | null> {
  const f = await db
    .selectFrom('stored_file')
    .select('path')
    .where('id', '=', fileId)
    .where('kind', '=', FACE_FILE_KIND)
    .executeTakeFirst();
  if (!f) return null;
  try {
    return await fs.promises.readFile(path.join(config.dataDir, f.path));
  } catch {
    return null;
  }
}

export async function photoPath(db: Kysely<DB>, fileId: number): Promise<string | undefined> {
  return (await db.selectFrom('stored_file').select('path').where('id', '=', fileId).executeTakeFirst())?.path;
}
