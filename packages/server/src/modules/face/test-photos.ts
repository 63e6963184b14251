import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

/** Photos for the face tests, made from face-api's sample pictures with sharp. */

const require = createRequire(import.meta.url);
const demoDir = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
const sample = (n: number) => fs.readFileSync(path.join(demoDir, `sample${n}.jpg`));

/** One face: a region of sample5 around a single person's head (the detector finds one). */
export const oneFace = (): Promise<Buffer> =>
  sharp(sample(5)).extract({ left: 700, top: 40, width: 330, height: 360 }).jpeg({ quality: 90 }).toBuffer();

/** Another single face (a different person of sample5), for photo replacement. */
export const otherFace = (): Promise<Buffer> =>
  sharp(sample(5)).extract({ left: 1040, top: 130, width: 320, height: 360 }).jpeg({ quality: 90 }).toBuffer();

/** A group photo (several faces), scaled down under 1 MB. */
export const groupPhoto = (): Promise<Buffer> => sharp(sample(5)).resize({ width: 960 }).jpeg({ quality: 85 }).toBuffer();

/** A JPEG without any face. */
export const blankJpeg = (): Promise<Buffer> =>
  sharp({ create: { width: 480, height: 360, channels: 3, background: { r: 128, g: 140, b: 150 } } })
    .jpeg()
    .toBuffer();

/** A PNG (not a JPEG) of a face. */
export const pngFace = async (): Promise<Buffer> =>
  sharp(await oneFace())
    .png()
    .toBuffer();

/** A JPEG of at least 1 MB (noise at full quality). */
export const hugeJpeg = (): Promise<Buffer> =>
  sharp(crypto.randomBytes(900 * 900 * 3), { raw: { width: 900, height: 900, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer();

export const b64 = (b: Buffer) => b.toString('base64');
