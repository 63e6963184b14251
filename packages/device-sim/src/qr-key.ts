import crypto from 'node:crypto';

/** DER header of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** The server's QR public key from the `qr.key` command (raw 32 bytes, base64). */
export function publicKeyFromRaw(rawBase64: string): crypto.KeyObject {
  const raw = Buffer.from(rawBase64, 'base64');
  if (raw.length !== 32) throw new Error('an Ed25519 public key has 32 bytes');
  return crypto.createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
}
