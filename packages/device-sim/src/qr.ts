import crypto from 'node:crypto';
import { ACCESS_RESULT, QR_PREFIX, type QrBody } from '@gatehouse/contracts';

/** DER header of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** The server's QR public key from the `qr.key` command (raw 32 bytes, base64). */
export function publicKeyFromRaw(rawBase64: string): crypto.KeyObject {
  const raw = Buffer.from(rawBase64, 'base64');
  if (raw.length !== 32) throw new Error('an Ed25519 public key has 32 bytes');
  return crypto.createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
}

export interface QrVerdict {
  ok: boolean;
  result: number;
  qrId?: number;
}

/**
 * Checks a visitor QR code offline, as a door unit does (docs/device-protocol.md):
 * format and Ed25519 signature, the door unit's serial, the validity window and the
 * number of opens already used (`opens`, counted per QR id; increased on success).
 */
export function checkQr(
  text: string,
  key: crypto.KeyObject | null,
  serial: string,
  opens: Map<number, number>,
  now = new Date(),
): QrVerdict {
  const parts = text.trim().split('.');
  if (parts.length !== 3 || parts[0] !== QR_PREFIX || !key) return { ok: false, result: ACCESS_RESULT.badSignature };
  const [, body64, sig64] = parts as [string, string, string];
  const signed = crypto.verify(null, Buffer.from(`${QR_PREFIX}.${body64}`, 'ascii'), key, Buffer.from(sig64, 'base64url'));
  if (!signed) return { ok: false, result: ACCESS_RESULT.badSignature };
  let body: QrBody;
  try {
    body = JSON.parse(Buffer.from(body64, 'base64url').toString('utf8')) as QrBody;
  } catch {
    return { ok: false, result: ACCESS_RESULT.badSignature };
  }
  if (body.d !== serial) return { ok: false, result: ACCESS_RESULT.wrongDevice, qrId: body.id };
  const t = Math.floor(now.getTime() / 1000);
  if (t < body.f) return { ok: false, result: ACCESS_RESULT.notYetValid, qrId: body.id };
  if (t > body.t) return { ok: false, result: ACCESS_RESULT.expired, qrId: body.id };
  const used = opens.get(body.id) ?? 0;
  if (used >= body.n) return { ok: false, result: ACCESS_RESULT.usedUp, qrId: body.id };
  opens.set(body.id, used + 1);
  return { ok: true, result: ACCESS_RESULT.ok, qrId: body.id };
}
