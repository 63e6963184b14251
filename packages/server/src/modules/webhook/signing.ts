import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseKey, SecretBox } from '../../crypto/secret-box.ts';

/**
 * Webhook secrets are stored sealed (crypto/secret-box.ts) because signing needs the plain
 * secret. The key: WEBHOOK_SECRET_KEY (32 bytes as 64 hex digits or base64); unset, a random
 * key is created once in DATA_DIR/webhook-secret.key (mode 0600). Several instances must share
 * the key: set WEBHOOK_SECRET_KEY for them.
 */
const boxes = new Map<string, SecretBox>();

/** The box of a configuration: the key setting, else the key file of the data directory (created once). */
export function secretBox(config: { WEBHOOK_SECRET_KEY?: string; dataDir: string }): SecretBox {
  const id = config.WEBHOOK_SECRET_KEY ? `env:${config.WEBHOOK_SECRET_KEY}` : `file:${config.dataDir}`;
  let box = boxes.get(id);
  if (box) return box;
  if (config.WEBHOOK_SECRET_KEY) {
    box = new SecretBox(parseKey(config.WEBHOOK_SECRET_KEY, 'WEBHOOK_SECRET_KEY'));
  } else {
    const file = path.join(config.dataDir, 'webhook-secret.key');
    if (!fs.existsSync(file)) {
      fs.mkdirSync(config.dataDir, { recursive: true });
      try {
        fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
    }
    box = new SecretBox(parseKey(fs.readFileSync(file, 'utf8'), 'webhook-secret.key'));
  }
  boxes.set(id, box);
  return box;
}

/** A new signing secret: `whsec_` + 32 random bytes, base64url. */
export const newSecret = (): string => `whsec_${crypto.randomBytes(32).toString('base64url')}`;

/** The signature header value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const v1 = crypto.createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}
