import crypto from 'node:crypto';
import { keyedBox } from '../../crypto/key-file.ts';
import type { SecretBox } from '../../crypto/secret-box.ts';

/**
 * Webhook secrets are stored sealed (crypto/secret-box.ts) because signing needs the plain
 * secret. The key: WEBHOOK_SECRET_KEY (32 bytes as 64 hex digits or base64); unset, a random
 * key is created once in DATA_DIR/webhook-secret.key (mode 0600; crypto/key-file.ts). Several
 * instances must share the key: set WEBHOOK_SECRET_KEY for them.
 */
/** The box of a configuration: the key setting, else the key file of the data directory (created once). */
export const secretBox = (config: { WEBHOOK_SECRET_KEY?: string; dataDir: string }): SecretBox =>
  keyedBox({ setting: config.WEBHOOK_SECRET_KEY, name: 'WEBHOOK_SECRET_KEY', dataDir: config.dataDir, file: 'webhook-secret.key' });

/** A new signing secret: `whsec_` + 32 random bytes, base64url. */
export const newSecret = (): string => `whsec_${crypto.randomBytes(32).toString('base64url')}`;

/** The signature header value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const v1 = crypto.createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}
