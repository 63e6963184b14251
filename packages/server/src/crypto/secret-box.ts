import crypto from 'node:crypto';

/**
 * Secrets the server must read back in clear, stored sealed (AES-256-GCM): webhook signing
 * secrets, device secrets for the broker. One format, `v1.<iv>.<tag>.<ciphertext>` (base64url);
 * `open` also reads `v1:<iv>:<tag>:<ciphertext>` (base64), the webhook secrets' format before
 * 28 Nov 2026. The key is the caller's: 32 bytes (`parseKey` for a setting, `stretchKey` for a
 * passphrase).
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('a secret box key must be 32 bytes');
  }

  seal(plain: string): string {
    const iv = crypto.randomBytes(12);
    const c = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return ['v1', iv, c.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  /** The secret; throws on another key, a damaged box or an unknown format. */
  open(sealed: string): string {
    const legacy = sealed.startsWith('v1:');
    const [v, iv, tag, data] = sealed.split(legacy ? ':' : '.');
    if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('unknown secret format');
    const enc = legacy ? 'base64' : 'base64url';
    const d = crypto.createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, enc));
    d.setAuthTag(Buffer.from(tag, enc));
    return Buffer.concat([d.update(Buffer.from(data, enc)), d.final()]).toString('utf8');
  }

  /** The secret, or null where `open` throws. */
  tryOpen(sealed: string | null | undefined): string | null {
    if (!sealed) return null;
    try {
      return this.open(sealed);
    } catch {
      return null;
    }
  }
}

/** A key setting: 64 hex digits or the base64 of 32 bytes (`name` says which setting in the error). */
export function parseKey(text: string, name: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes (64 hex digits or base64)`);
  return key;
}

/** A 32-byte key from a passphrase of any length, distinct per purpose. */
export const stretchKey = (passphrase: string, purpose: string): Buffer =>
  crypto.createHash('sha256').update(`gatehouse-${purpose}:${passphrase}`).digest();
