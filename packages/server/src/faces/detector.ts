import { createRequire } from 'node:module';
import path from 'node:path';
import type { Config } from '../config.ts';
import { loadSharp } from '../http/image-pixels.ts';

/**
 * Face detection for the face photo check (001 §5: a photo must hold exactly one face),
 * with face-api on the tfjs WASM backend (no native TensorFlow, no network): the models and
 * the WASM binaries are loaded from the installed packages, once, and kept.
 *
 * Two detectors of the same package: the Tiny Face Detector (190 kB, ≈15× less work than
 * SSD) screens every photo and decides when its finding is clear (`screen`); SSD MobileNet v1
 * (5.4 MB, the reference) counts the faces of every photo the screen leaves in doubt
 * (`findFacesSsd`). docs/faces.md gives the figures.
 */

const require = createRequire(import.meta.url);

/** The parts of face-api this module uses. */
interface FaceApi {
  tf: {
    setBackend(name: string): Promise<boolean>;
    ready(): Promise<void>;
    tensor3d(values: Uint8Array | Int32Array, shape: [number, number, number], dtype: 'int32'): { dispose(): void };
  };
  nets: { ssdMobilenetv1: { loadFromDisk(dir: string): Promise<void> }; tinyFaceDetector: { loadFromDisk(dir: string): Promise<void> } };
  SsdMobilenetv1Options: new (o: { minConfidence: number; maxResults: number }) => unknown;
  TinyFaceDetectorOptions: new (o: { inputSize: number; scoreThreshold: number }) => unknown;
  detectAllFaces(
    input: unknown,
    options: unknown,
  ): Promise<{ score: number; box: { x: number; y: number; width: number; height: number } }[]>;
}

export interface FaceBox {
  score: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Minimum detection score counted as a face (SSD). */
export const MIN_FACE_SCORE = 0.5;

/**
 * The Tiny Face Detector screen: input size (a multiple of 32) and the scores it decides on.
 * A candidate at or above `sure` is a face; one between `seen` and `sure` leaves the photo in
 * doubt. Chosen on the test and demo photos and 136 crops of the sample pictures
 * (docs/faces.md): every test and demo photo keeps its verdict.
 */
export const TINY = { inputSize: 384, sure: 0.5, seen: 0.2 } as const;

interface Loaded {
  api: FaceApi;
  ssd: unknown;
  tiny: unknown;
}

let loading: Promise<Loaded> | undefined;

async function load(): Promise<Loaded> {
  const wasm = require('@tensorflow/tfjs-backend-wasm') as { setWasmPaths(p: string, usePlatformFetch?: boolean): void };
  const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
  wasm.setWasmPaths(`${wasmDir}${path.sep}`);
  const api = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
  await api.tf.setBackend('wasm');
  await api.tf.ready();
  const modelDir = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  await api.nets.ssdMobilenetv1.loadFromDisk(modelDir);
  await api.nets.tinyFaceDetector.loadFromDisk(modelDir);
  return {
    api,
    ssd: new api.SsdMobilenetv1Options({ minConfidence: MIN_FACE_SCORE, maxResults: 20 }),
    tiny: new api.TinyFaceDetectorOptions({ inputSize: TINY.inputSize, scoreThreshold: TINY.seen }),
  };
}

/** The loaded detector (loaded on the first call, then kept; a failed load is retried next time). */
function detector(): Promise<Loaded> {
  loading ??= load().catch((e) => {
    loading = undefined;
    throw e;
  });
  return loading;
}

let warm: Promise<void> | undefined;

/**
 * Loads the models and runs each once on a grey image (at start-up with FACE_DETECTOR_WARMUP,
 * so the first check does not wait; before a benchmark): the first inference of a model on
 * the WASM backend costs about a second more than the next ones.
 */
export function warmUp(): Promise<void> {
  warm ??= (async () => {
    const grey = Buffer.alloc(64 * 48 * 3, 128);
    for (const which of ['tiny', 'ssd'] as const) await detectRaw(grey, 64, 48, which);
  })().catch((e) => {
    warm = undefined;
    throw e;
  });
  return warm;
}

/**
 * What the server does with the detector at start (main.ts, and the imports bench, which starts
 * its server the same way): with FACE_DETECTOR_WARMUP the models are loaded and run once now
 * (about 240 MB held from the start); without (the default), nothing: they load on the first face
 * check, which then waits for them (about 0.8 s more on the development machine; docs/performance.md,
 * "Face check").
 */
export function startFaceDetector(config: Pick<Config, 'FACE_DETECTOR_WARMUP'>): Promise<void> {
  return config.FACE_DETECTOR_WARMUP ? warmUp() : Promise.resolve();
}

type Which = 'ssd' | 'tiny';

/** Detects the faces of an RGB image given as raw pixels (3 channels, row-major); SSD unless told. */
export async function detectRaw(pixels: Buffer, width: number, height: number, which: Which = 'ssd'): Promise<FaceBox[]> {
  const loaded = await detector();
  const { api } = loaded;
  const options = loaded[which];
  const input = api.tf.tensor3d(new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength), [height, width, 3], 'int32');
  try {
    const found = await api.detectAllFaces(input, options);
    return found.map((d) => ({ score: d.score, x: d.box.x, y: d.box.y, width: d.box.width, height: d.box.height }));
  } finally {
    input.dispose();
  }
}

/** Decodes an image with sharp (EXIF rotation applied) and detects its faces. */
export async function detectFaces(image: Buffer): Promise<FaceBox[]> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(image).rotate().removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return detectRaw(data, info.width, info.height);
}

/** The image inside a grey border (`share` of its size on each side), and the border's widths. */
async function padded(rgb: Buffer, width: number, height: number, share: number) {
  const sharp = await loadSharp();
  const [dx, dy] = [Math.round(width * share), Math.round(height * share)];
  const pixels = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .extend({ top: dy, bottom: dy, left: dx, right: dx, background: { r: 128, g: 128, b: 128 } })
    .raw()
    .toBuffer();
  return { pixels, width: width + 2 * dx, height: height + 2 * dy, dx, dy };
}

/**
 * Faces of a photo with SSD MobileNet alone (the reference, and the check before the screen):
 * SSD misses a face that fills most of the frame (a close-up portrait, the usual face photo),
 * so when it finds fewer than two faces the photo is searched again inside a grey border half
 * its size on each side, and the larger finding is answered. A group photo keeps its first
 * (unpadded) count. Two passes of SSD at 512x512: 0.3–0.6 s on this machine.
 */
export async function findFacesSsd(rgb: Buffer, width: number, height: number): Promise<FaceBox[]> {
  const plain = await detectRaw(rgb, width, height);
  if (plain.length >= 2) return plain;
  const p = await padded(rgb, width, height, 0.5);
  const found = (await detectRaw(p.pixels, p.width, p.height)).map((f) => ({ ...f, x: f.x - p.dx, y: f.y - p.dy }));
  return found.length > plain.length ? found : plain;
}

/** Share of the smaller box that lies inside the other one. */
function containment(a: FaceBox, b: FaceBox): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / Math.min(a.width * a.height, b.width * b.height);
}

/**
 * The Tiny Face Detector's decision, or null when it is in doubt. Candidates scored `seen` or
 * more, a candidate mostly inside a better one dropped (the same face seen twice):
 * - two or more candidates at `sure` or more: several faces;
 * - exactly one candidate, at `sure` or more: one face;
 * - no candidate, neither in the photo nor inside a grey border a quarter of its size on each
 *   side (a close-up, as SSD's second pass): none;
 * - anything else (a weak candidate, a sure face beside a weak one): in doubt.
 */
export async function screen(rgb: Buffer, width: number, height: number): Promise<FaceBox[] | null> {
  const found: FaceBox[] = [];
  for (const f of (await detectRaw(rgb, width, height, 'tiny')).sort((a, b) => b.score - a.score))
    if (!found.some((g) => containment(g, f) > 0.5)) found.push(f);
  const sure = found.filter((f) => f.score >= TINY.sure);
  if (sure.length >= 2) return sure;
  if (sure.length === 1 && found.length === 1) return sure;
  if (found.length > 0) return null;
  const p = await padded(rgb, width, height, 0.25);
  return (await detectRaw(p.pixels, p.width, p.height, 'tiny')).length === 0 ? [] : null;
}

/**
 * Faces of a photo: the Tiny Face Detector's decision when it is clear (30–80 ms), SSD's
 * count (`findFacesSsd`) when it is in doubt.
 */
export async function findFaces(rgb: Buffer, width: number, height: number): Promise<FaceBox[]> {
  return (await screen(rgb, width, height)) ?? findFacesSsd(rgb, width, height);
}
