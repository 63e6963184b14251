import { FACE_CAPTURE, IMAGE_MAX_PIXELS, LIMITS } from '@gatehouse/contracts';
import type { Metadata, Sharp } from 'sharp';
import { AppError } from '../http/errors.ts';
import { assertImagePixels, loadSharp } from '../http/image-pixels.ts';
import { findFaces } from './detector.ts';

/**
 * The face photo check (001 §5, §9): the photo must be a JPEG (by content), under 1 MB,
 * and hold exactly one detectable face. The answer is the photo normalised: turned
 * upright by its EXIF orientation, fitted inside 480x360 (360x480 when portrait, never
 * enlarged), re-encoded as a baseline JPEG without metadata, under 1 MB.
 */

export interface CheckedPhoto {
  jpeg: Buffer;
  width: number;
  height: number;
}

const DATA_URL = /^data:[\w/+.-]*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** Decodes a base64 photo (a data: URL prefix and whitespace allowed); null when none was sent. */
export function decodePhoto(text: string | undefined | null): Buffer | null {
  const body = (text ?? '').trim().replace(DATA_URL, '').replace(/\s+/g, '');
  if (!body) return null;
  if (!BASE64.test(body)) throw new AppError(400, ['face.notJpeg']);
  return Buffer.from(body, 'base64');
}

/** JPEG by content: SOI followed by a marker (FF D8 FF). */
export const isJpeg = (b: Buffer): boolean => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

/** Refuses what is not a JPEG under 1 MB (one message per broken rule). */
export function assertJpegUnderLimit(b: Buffer): void {
  const msgs: string[] = [];
  if (!isJpeg(b)) msgs.push('face.notJpeg');
  if (b.length >= LIMITS.facePhotoBytes) msgs.push('face.tooLarge');
  if (msgs.length) throw new AppError(400, msgs);
}

/** Upright, fitted and re-encoded; also answers the raw RGB pixels of the result for detection. */
export async function normalise(b: Buffer): Promise<CheckedPhoto & { rgb: Buffer }> {
  const sharp = await loadSharp();
  let upright: Sharp;
  let meta: Metadata;
  try {
    upright = sharp(b, { failOn: 'error', limitInputPixels: IMAGE_MAX_PIXELS }).rotate();
    meta = await sharp(b).metadata();
  } catch {
    throw new AppError(400, ['face.unreadable']);
  }
  const portrait = (meta.orientation ?? 1) >= 5 ? (meta.width ?? 0) > (meta.height ?? 0) : (meta.height ?? 0) > (meta.width ?? 0);
  const box = portrait ? { width: FACE_CAPTURE.height, height: FACE_CAPTURE.width } : { ...FACE_CAPTURE };
  try {
    const fitted = await upright
      .resize({ ...box, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height } = fitted.info;
    let jpeg: Buffer | undefined;
    for (const quality of [90, 75, 60, 40]) {
      jpeg = await sharp(fitted.data, { raw: { width, height, channels: 3 } })
        .jpeg({ quality, mozjpeg: false })
        .toBuffer();
      if (jpeg.length < LIMITS.facePhotoBytes) break;
    }
    return { jpeg: jpeg as Buffer, width, height, rgb: fitted.data };
  } catch {
    throw new AppError(400, ['face.unreadable']);
  }
}

/**
 * The whole check: JPEG, size, decodable, exactly one face. Answers the normalised photo.
 * `find` counts the faces (the screened detector; the bench passes `findFacesSsd` to compare).
 */
export async function checkPhoto(b: Buffer, find: typeof findFaces = findFaces): Promise<CheckedPhoto> {
  assertJpegUnderLimit(b);
  await assertImagePixels(b, 'face.unreadable');
  const n = await normalise(b);
  const faces = await find(n.rgb, n.width, n.height);
  if (faces.length === 0) throw new AppError(400, ['face.noFace']);
  if (faces.length > 1) throw new AppError(400, ['face.manyFaces']);
  return { jpeg: n.jpeg, width: n.width, height: n.height };
}
