import { IMAGE_MAX_PIXELS, msg } from '@gatehouse/contracts';
import { badRequest } from './errors.ts';

/**
 * sharp (libvips, about 15–30 MB once loaded), loaded on the first image the server reads
 * rather than at start; every user of sharp in the server takes it from here.
 */
export async function loadSharp(): Promise<typeof import('sharp').default> {
  return (await import('sharp')).default;
}

/**
 * Reads an image's header only (nothing is decoded) and refuses one whose declared size
 * is over IMAGE_MAX_PIXELS (a small file can declare a huge image), or whose header
 * cannot be read (`unreadable`: the caller's message).
 */
export async function assertImagePixels(input: Buffer | string, unreadable: string): Promise<void> {
  const sharp = await loadSharp();
  let pixels: number;
  try {
    const meta = await sharp(input).metadata();
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    throw badRequest(unreadable);
  }
  if (!pixels) throw badRequest(unreadable);
  if (pixels > IMAGE_MAX_PIXELS) throw badRequest(msg('err.imagePixels', { max: IMAGE_MAX_PIXELS / 1_000_000 }));
}
