import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ADDRESS_TYPE, FACE_CAPTURE, HARDWARE, LIMITS } from '@gatehouse/contracts';
import type { Region } from 'sharp';
import type { Db } from '../../db/index.ts';
import { loadSharp } from '../../http/image-pixels.ts';
import { insertPhotoRow, writePhoto } from './photos.ts';

const require = createRequire(import.meta.url);

/**
 * Two single-face regions of face-api's sample photo 5 (MIT), the same the face tests
 * check with the detector: demo faces that real door units would accept.
 */
const SAMPLE_FACES = [
  { left: 700, top: 40, width: 330, height: 360 },
  { left: 1040, top: 130, width: 320, height: 360 },
];

/** The demo's i-th face photo (also checked by the face tests, `test-photos.ts`). */
export async function demoFacePhoto(i: number): Promise<Buffer> {
  const file = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', 'sample5.jpg');
  const sharp = await loadSharp();
  return sharp(await fs.promises.readFile(file))
    .extract(SAMPLE_FACES[i % SAMPLE_FACES.length] as Region)
    .resize({ width: FACE_CAPTURE.width, height: FACE_CAPTURE.height, fit: 'inside' })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * Demo faces of a community: one per holder, on a household of the community and on
 * its face-capable door units (valid for the default validity).
 */
export async function seedDemoFaces(
  db: Db,
  dataDir: string,
  communityId: number,
  holders: { account: string; name: string }[],
): Promise<void> {
  const addresses = await db
    .selectFrom('address')
    .select(['id', 'type', 'hardware'])
    .where('community_id', '=', communityId)
    .orderBy('id')
    .execute();
  const homes = addresses.filter((a) => a.type === ADDRESS_TYPE.householder).map((a) => a.id);
  const gates = addresses.filter((a) => a.type === ADDRESS_TYPE.doorUnit && a.hardware & HARDWARE.face).map((a) => a.id);
  if (!homes.length) return;
  const now = new Date();
  const until = new Date(now);
  until.setFullYear(until.getFullYear() + LIMITS.cardValidityYears);
  for (const [i, h] of holders.entries()) {
    const jpeg = await demoFacePhoto(i);
    const rel = await writePhoto({ dataDir }, jpeg);
    const fileId = await insertPhotoRow(db, rel, jpeg.length, communityId, `face-${h.account}.jpg`);
    const face = await db
      .insertInto('face')
      .values({
        community_id: communityId,
        address_id: homes[i % homes.length] as number,
        account: h.account,
        user_name: h.name,
        photo_file_id: fileId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (gates.length)
      await db
        .insertInto('face_gate')
        .values(gates.map((g) => ({ face_id: face.id, gate_id: g, validfrom: now, validto: until, info: 'demo' })))
        .execute();
  }
}
