import { FACE_CAPTURE, LIMITS } from '@gatehouse/contracts';

/** Face photos in the browser (001 §5, §9): capture from the webcam, checks before sending. */

/** Lowest JPEG quality tried before giving up on a capture that stays over 1 MB. */
const MIN_QUALITY = 0.3;

const toBlob = (canvas: HTMLCanvasElement, quality: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));

/** Base64 of a blob, without the `data:...;base64,` prefix. */
export const toBase64 = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });

/** A 480x360 JPEG of the current video frame, its quality lowered until it is under 1 MB (001 §9). */
export async function captureJpeg(video: HTMLVideoElement): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = FACE_CAPTURE.width;
  canvas.height = FACE_CAPTURE.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
  for (let q = 0.92; q >= MIN_QUALITY; q -= 0.1) {
    const blob = await toBlob(canvas, q);
    if (blob && blob.size < LIMITS.facePhotoBytes) return blob;
  }
  return null;
}

/** Browser-side checks of an uploaded photo (001 §5): JPEG and under 1 MB; the message key when refused. */
export function photoFileProblem(file: { type: string; name: string; size: number }): string | null {
  const jpeg = file.type === 'image/jpeg' || (!file.type && /\.jpe?g$/i.test(file.name));
  if (!jpeg) return 'face.notJpeg';
  if (file.size >= LIMITS.facePhotoBytes) return 'face.tooLarge';
  return null;
}
