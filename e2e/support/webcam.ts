import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/**
 * A fake webcam for Chromium (`--use-file-for-fake-video-capture`): a Y4M file made
 * here from a sample photo with one face (there is no ffmpeg on the machine).
 * Y4M = text header + per frame `FRAME\n` and the Y, U, V planes (4:2:0).
 * Chromium plays .y4m files; .mjpeg gives solid green frames (STACK-NOTES).
 */

export const WEBCAM = { width: 480, height: 360, frames: 10 } as const;

const require = createRequire(import.meta.url);
const demoDir = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
const dir = path.join(os.tmpdir(), 'gatehouse-e2e-webcam');

/** One face, upright, filling a third of the frame: the right-hand person of face-api's sample2.jpg. */
const FACE_CROP = { file: 'sample2.jpg', left: 1200, top: 0, width: 680, height: 510 };

/** BT.601 limited range, chroma averaged over 2x2 blocks (what Chromium's I420 decoder expects). */
export function rgbToI420(rgb: Buffer, width: number, height: number): Buffer {
  const ySize = width * height;
  const cw = width >> 1;
  const ch = height >> 1;
  const out = Buffer.alloc(ySize + 2 * cw * ch);
  const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));
  for (let i = 0; i < ySize; i++) {
    const r = rgb[i * 3] as number;
    const g = rgb[i * 3 + 1] as number;
    const b = rgb[i * 3 + 2] as number;
    out[i] = clamp(16 + 0.257 * r + 0.504 * g + 0.098 * b);
  }
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const p = ((2 * y + dy) * width + 2 * x + dx) * 3;
        r += rgb[p] as number;
        g += rgb[p + 1] as number;
        b += rgb[p + 2] as number;
      }
      r /= 4;
      g /= 4;
      b /= 4;
      out[ySize + y * cw + x] = clamp(128 - 0.148 * r - 0.291 * g + 0.439 * b);
      out[ySize + cw * ch + y * cw + x] = clamp(128 + 0.439 * r - 0.368 * g - 0.071 * b);
    }
  }
  return out;
}

/** A Y4M clip of `frames` identical frames. */
export function y4m(i420: Buffer, width: number, height: number, frames: number): Buffer {
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const frame = Buffer.from('FRAME\n', 'ascii');
  return Buffer.concat([header, ...Array.from({ length: frames }, () => [frame, i420]).flat()]);
}

/** Writes a file through a temporary name, so concurrent workers never read half a file. */
function writeAtomic(file: string, data: Buffer): string {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, data);
  fs.renameSync(tmp, file);
  return file;
}

const cropped = () =>
  sharp(path.join(demoDir, FACE_CROP.file))
    .extract({ left: FACE_CROP.left, top: FACE_CROP.top, width: FACE_CROP.width, height: FACE_CROP.height })
    .resize(WEBCAM.width, WEBCAM.height);

/** The fake-webcam clip (one face), made once per machine run. */
export async function faceWebcamFile(): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `face-${WEBCAM.width}x${WEBCAM.height}.y4m`);
  if (fs.existsSync(file)) return file;
  const { data, info } = await cropped().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return writeAtomic(file, y4m(rgbToI420(data, info.width, info.height), info.width, info.height, WEBCAM.frames));
}

/** Photos to upload: a JPEG with one face, a JPEG without any face (grey), a PNG, and a JPEG over 1 MB. */
export async function samplePhotos(): Promise<{ face: string; blank: string; png: string; large: string }> {
  fs.mkdirSync(dir, { recursive: true });
  const face = path.join(dir, 'face.jpg');
  const blank = path.join(dir, 'blank.jpg');
  const png = path.join(dir, 'face.png');
  const large = path.join(dir, 'large.jpg');
  if (!fs.existsSync(face)) writeAtomic(face, await cropped().jpeg({ quality: 90 }).toBuffer());
  if (!fs.existsSync(blank)) {
    writeAtomic(
      blank,
      await sharp({ create: { width: WEBCAM.width, height: WEBCAM.height, channels: 3, background: '#9a9a9a' } })
        .jpeg()
        .toBuffer(),
    );
  }
  if (!fs.existsSync(png)) writeAtomic(png, await cropped().png().toBuffer());
  if (!fs.existsSync(large)) {
    // random noise does not compress: 1000x1000 at quality 100 is well over 1 MB
    const noise = Buffer.alloc(1000 * 1000 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = Math.floor(Math.random() * 256);
    writeAtomic(
      large,
      await sharp(noise, { raw: { width: 1000, height: 1000, channels: 3 } })
        .jpeg({ quality: 100 })
        .toBuffer(),
    );
  }
  return { face, blank, png, large };
}

/** Chromium flags for a fake camera playing `file` without asking the user. */
export const fakeCameraArgs = (file: string) => [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  `--use-file-for-fake-video-capture=${file}`,
];
