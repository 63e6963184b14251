import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Webhook secrets are stored encrypted (AES-256-GCM, `v1:<iv>:<tag>:<ciphertext>`, base64)
 * because signing needs the plain secret. The key: WEBHOOK_SECRET_KEY (32 bytes as 64 hex
 * digits or base64); unset, a random key is created once in DATA_DIR/webhook-secret.key
 * (mode 0600). Several instances must share the key: set WEBHOOK_SECRET_KEY for them.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('webhook secret key must be 32 bytes');
  }

  seal(plain: string): string {
    const iv = crypto.randomBytes(12);
    const c = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    const ct = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return ['v1', iv.toString('base64'), c.getAuthTag().toString('base64'), ct.toString('base64')].join(':');
  }

  open(sealed: string): string {
    const [v, iv, tag, ct] = sealed.split(':');
    if (v !== 'v1' || !iv || !tag || ct === undefined) throw new Error('unknown secret format');
    const d = crypto.createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    d.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([d.update(Buffer.from(ct, 'base64')), d.final()]).toString('utf8');
  }
}

/** Reads the key setting (64 hex digits or base64 of 32 bytes). */
export function parseKey(text: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== 32) throw new Error('WEBHOOK_SECRET_KEY must be 32 bytes (64 hex digits or base64)');
  return key;
}

const boxes = new Map<string, SecretBox>();

/** The box of a configuration: the key setting, else the key file of the data directory (created once). */
export function secretBox(config: { WEBHOOK_SECRET_KEY?: string; dataDir: string }): SecretBox {
  const id = config.WEBHOOK_SECRET_KEY ? `env:${config.WEBHOOK_SECRET_KEY}` : `file:${config.dataDir}`;
  let box = boxes.get(id);
  if (box) return box;
  if (config.WEBHOOK_SECRET_KEY) {
    box = new SecretBox(parseKey(config.WEBHOOK_SECRET_KEY));
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
    box = new SecretBox(parseKey(fs.readFileSync(file, 'utf8')));
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
