import type { ImportProgress } from '@gatehouse/contracts';

/** A random v4 uuid; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newImportId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * Where the bar stands: the upload is the first 30%, then the server's own work
 * (rows checked, passwords hashed 40–90%, rows written); 100% only once it is done.
 */
export function importPercent(p: ImportProgress): number {
  if (p.finished) return 100;
  if (p.stage === 'validate') return 35;
  if (p.stage === 'hash') return 40 + Math.floor((50 * p.done) / Math.max(1, p.total ?? 1));
  return 95;
}
