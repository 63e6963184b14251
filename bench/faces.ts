import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { warmUp } from '../packages/server/src/faces/detector.ts';
import { checkPhoto } from '../packages/server/src/faces/photo.ts';
import { percentile, timeIt } from './lib.ts';

const require = createRequire(import.meta.url);
const median = (xs: number[]) => percentile(xs, 50);
const round = (x: number) => Math.round(x * 10) / 10;

/** Photos as the face dialog sends them: webcam-sized (480x360) crops and uploads of the sample pictures. */
async function photos(): Promise<{ name: string; jpeg: Buffer }[]> {
  const demo = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
  const s = (n: number) => fs.readFileSync(path.join(demo, `sample${n}.jpg`));
  return [
    { name: 'one face, 330x360 crop', jpeg: await sharp(s(5)).extract({ left: 700, top: 40, width: 330, height: 360 }).jpeg().toBuffer() },
    {
      name: 'one face, 480x360 webcam size',
      jpeg: await sharp(s(5)).extract({ left: 620, top: 20, width: 480, height: 360 }).jpeg().toBuffer(),
    },
    { name: 'group, 960px upload', jpeg: await sharp(s(1)).resize({ width: 960 }).jpeg({ quality: 85 }).toBuffer() },
    {
      name: 'no face, 480x360',
      jpeg: await sharp({ create: { width: 480, height: 360, channels: 3, background: '#8899aa' } })
        .jpeg()
        .toBuffer(),
    },
  ];
}

/**
 * checkFaceValid's work per photo (JPEG check, EXIF rotation, fit to 480x360, re-encode,
 * face detection with SSD MobileNet on tfjs WASM) against the baseline of decoding the same
 * photo with sharp alone, measured in the same run. The model is loaded before timing.
 */
export async function facesBench() {
  const t0 = performance.now();
  await warmUp();
  const modelLoadMs = round(performance.now() - t0);
  const n = 10;
  const rows = [];
  for (const p of await photos()) {
    const decode = await timeIt(n, () => sharp(p.jpeg).raw().toBuffer());
    let verdict = '';
    const check = await timeIt(n, () =>
      checkPhoto(p.jpeg).then(
        () => {
          verdict = 'ok';
        },
        (e: { msgs?: string[] }) => {
          verdict = e.msgs?.join(',') ?? String(e);
        },
      ),
    );
    rows.push({
      photo: p.name,
      bytes: p.jpeg.length,
      verdict,
      decodeMedianMs: round(median(decode)),
      checkMedianMs: round(median(check)),
      checkP99Ms: round(percentile(check, 99)),
      checkVsDecode: round(median(check) / Math.max(median(decode), 0.01)),
    });
  }
  return { runsPerPhoto: n, modelLoadMs, rows };
}
