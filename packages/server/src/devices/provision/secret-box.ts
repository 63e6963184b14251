import crypto from 'node:crypto';

/**
 * Device secrets sealed for the broker (AES-256-GCM). Mosquitto's dynamic-security
 * plugin accepts a client's password only in clear, so when it is provisioned the
 * server keeps each secret sealed with MQTT_SECRET_KEY next to its hash: reconcile can
 * then create a deleted client again. Without a key (embedded broker, EMQX) nothing is
 * sealed and only the hash is kept.
 *
 * The key is process-wide: boot sets it from the configuration before anything issues a secret.
 */
let key: Buffer | null = null;

/** Sets (or clears) the sealing key; any string of 32+ characters, stretched to 256 bits. */
export function useSecretKey(secret: string | undefined | null): void {
  key = secret ? crypto.createHash('sha256').update(`gatehouse-device-secret:${secret}`).digest() : null;
}

/** The sealed secret (`v1.<iv>.<tag>.<ciphertext>`, base64url), or null when no key is set. */
export function sealDeviceSecret(secret: string): string | null {
  if (!key) return null;
  const iv = crypto.randomBytes(12);
  const c = crypto.createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([c.update(secret, 'utf8'), c.final()]);
  return ['v1', iv, c.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The secret of a sealed box, or null (no key, another key, or a damaged box). */
export function openDeviceSecret(box: string | null | undefined): string | null {
  if (!key || !box) return null;
  const [v, iv, tag, data] = box.split('.');
  if (v !== 'v1' || !iv || !tag || data === undefined) return null;
  try {
    const d = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(data, 'base64url')), d.final()]).toString('utf8');
  } catch {
    return null;
  }
}
