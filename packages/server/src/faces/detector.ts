import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

/**
 * Face detection for the face photo check (001 §5: a photo must hold exactly one face).
 * face-api's SSD MobileNet v1 on the tfjs WASM backend (no native TensorFlow, no network):
 * the model and the WASM binaries are loaded from the installed packages, once, on the
 * first check, and kept.
 */

const require = createRequire(import.meta.url);

/** The parts of face-api this module uses. */
interface FaceApi {
  tf: {
    setBackend(name: string): Promise<boolean>;
    ready(): Promise<void>;
    tensor3d(values: Uint8Array | Int32Array, shape: [number, number, number], dtype: 'int32'): { dispose(): void };
  };
  nets: { ssdMobilenetv1: { loadFromDisk(dir: string): Promise<void> } };
  SsdMobilenetv1Options: new (o: { minConfidence: number; maxResults: number }) => unknown;
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

/** Minimum detection score counted as a face. */
export const MIN_FACE_SCORE = 0.5;

let loading: Promise<{ api: FaceApi; options: unknown }> | undefined;

async function load(): Promise<{ api: FaceApi; options: unknown }> {
  const wasm = require('@tensorflow/tfjs-backend-wasm') as { setWasmPaths(p: string, usePlatformFetch?: boolean): void };
  const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
  wasm.setWasmPaths(`${wasmDir}${path.sep}`);
  const api = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
  await api.tf.setBackend('wasm');
  await api.tf.ready();
  const modelDir = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  await api.nets.ssdMobilenetv1.loadFromDisk(modelDir);
  return { api, options: new api.SsdMobilenetv1Options({ minConfidence: MIN_FACE_SCORE, maxResults: 20 }) };
}

/** The loaded detector (loaded on the first call, then kept; a failed load is retried next time). */
function detector(): Promise<{ api: FaceApi; options: unknown }> {
  loading ??= load().catch((e) => {
    loading = undefined;
    throw e;
  });
  return loading;
}

/** Loads the model now (e.g. at start-up or before a benchmark). */
export async function warmUp(): Promise<void> {
  await detector();
}

/** Detects the faces of an RGB image given as raw pixels (3 channels, row-major). */
export async function detectRaw(pixels: Buffer, width: number, height: number): Promise<FaceBox[]> {
  const { api, options } = await detector();
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
  const { data, info } = await sharp(image).rotate().removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return detectRaw(data, info.width, info.height);
}

/**
 * Faces of a photo, counted robustly: SSD MobileNet misses a face that fills most of the
 * frame (a close-up portrait, the usual face photo), so when it finds fewer than two faces
 * the photo is searched again inside a grey border half its size on each side, and the
 * larger finding is answered. A group photo keeps its first (unpadded) count.
 */
export async function findFaces(rgb: Buffer, width: number, height: number): Promise<FaceBox[]> {
  const plain = await detectRaw(rgb, width, height);
  if (plain.length >= 2) return plain;
  const [dx, dy] = [Math.round(width / 2), Math.round(height / 2)];
  const padded = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .extend({ top: dy, bottom: dy, left: dx, right: dx, background: { r: 128, g: 128, b: 128 } })
    .raw()
    .toBuffer();
  const found = (await detectRaw(padded, width + 2 * dx, height + 2 * dy)).map((f) => ({ ...f, x: f.x - dx, y: f.y - dy }));
  return found.length > plain.length ? found : plain;
}
