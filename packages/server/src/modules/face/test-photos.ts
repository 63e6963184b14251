import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { demoFacePhoto } from './demo.ts';

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

/** Expected verdict of the face check: one face (accepted), none, several. */
export type Verdict = 'one' | 'none' | 'several';

/** The e2e webcam's source (`e2e/support/webcam.ts`): the right-hand person of sample2, 480x360. */
const e2eFace = () => sharp(sample(2)).extract({ left: 1200, top: 0, width: 680, height: 510 }).resize(480, 360);
const plain = (background: string) =>
  sharp({ create: { width: 480, height: 360, channels: 3, background } })
    .jpeg()
    .toBuffer();

/**
 * Every photo the tests, the demo, the e2e tests and the bench send to the face check, with
 * the verdict SSD MobileNet (the detector before the Tiny screen) gives it. `verdicts.test.ts`
 * holds the check to these; `npm run bench -- faces` times them.
 */
export const VERDICT_PHOTOS: { name: string; verdict: Verdict; jpeg: () => Promise<Buffer> }[] = [
  { name: 'tests: one face (sample5 crop)', verdict: 'one', jpeg: oneFace },
  { name: 'tests: other face (sample5 crop)', verdict: 'one', jpeg: otherFace },
  {
    name: 'tests: one face stored sideways (EXIF 6)',
    verdict: 'one',
    jpeg: async () =>
      sharp(await oneFace())
        .rotate(-90)
        .withMetadata({ orientation: 6 })
        .jpeg()
        .toBuffer(),
  },
  {
    name: 'tests: one face 1320 px wide',
    verdict: 'one',
    jpeg: async () =>
      sharp(await oneFace())
        .resize({ width: 1320 })
        .jpeg()
        .toBuffer(),
  },
  { name: 'tests: group (sample5, 960 px)', verdict: 'several', jpeg: groupPhoto },
  { name: 'tests: blank', verdict: 'none', jpeg: blankJpeg },
  { name: 'demo: face 1', verdict: 'one', jpeg: () => demoFacePhoto(0) },
  { name: 'demo: face 2', verdict: 'one', jpeg: () => demoFacePhoto(1) },
  { name: 'e2e: upload (sample2 crop, 480x360)', verdict: 'one', jpeg: () => e2eFace().jpeg({ quality: 90 }).toBuffer() },
  // the browser's capture of the fake webcam: the same frame, re-encoded by the canvas at quality 0.92
  { name: 'e2e: webcam capture', verdict: 'one', jpeg: () => e2eFace().jpeg({ quality: 92, chromaSubsampling: '4:2:0' }).toBuffer() },
  { name: 'e2e: blank', verdict: 'none', jpeg: () => plain('#9a9a9a') },
  {
    name: 'bench: one face, 330x360 crop',
    verdict: 'one',
    jpeg: () => sharp(sample(5)).extract({ left: 700, top: 40, width: 330, height: 360 }).jpeg().toBuffer(),
  },
  {
    name: 'bench: one face, 480x360 webcam size',
    verdict: 'one',
    jpeg: () => sharp(sample(5)).extract({ left: 620, top: 20, width: 480, height: 360 }).jpeg().toBuffer(),
  },
  {
    name: 'bench: group (sample1, 960 px)',
    verdict: 'several',
    jpeg: () => sharp(sample(1)).resize({ width: 960 }).jpeg({ quality: 85 }).toBuffer(),
  },
  { name: 'bench: no face', verdict: 'none', jpeg: () => plain('#8899aa') },
];

/** The consent fields a face is added with (issue 35): the person, in person; `cardid` gives a card in the same call. */
export const consent = (cardid?: string) => ({ consentGiver: 'person', consentMethod: 'in_person', ...(cardid ? { cardid } : {}) });
