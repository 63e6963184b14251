import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseKey } from '../crypto/secret-box.ts';
import { keyFileKey } from '../crypto/key-file.ts';

/**
 * Face photos and consent forms at rest (issue 35 item 5; docs/privacy.md "Photos at rest"):
 * every such file under DATA_DIR is sealed with AES-256-GCM. One place writes and reads them.
 *
 * A sealed file: `GHS1` (4 bytes), the key's id (the first 8 bytes of SHA-256 of the key),
 * the IV (12), the tag (16), then the ciphertext. The key is PHOTO_KEY (32 bytes: 64 hex digits
 * or base64), the same on every instance; unset, a random key is created once in
 * DATA_DIR/photo.key (mode 0600; one instance only). PHOTO_KEYS_OLD lists earlier keys (comma
 * separated): files sealed with them stay readable, and `gatehouse reseal-photos` seals them
 * again with the current key. A file that is not sealed (written before 1001_privacy) is read
 * as it is and sealed by `reseal-photos`.
 */

const MAGIC = Buffer.from('GHS1');
const HEAD = MAGIC.length + 8 + 12 + 16;

export interface PhotoKeySettings {
  dataDir: string;
  PHOTO_KEY?: string | undefined;
  PHOTO_KEYS_OLD?: string | undefined;
}

const keyId = (key: Buffer): Buffer => crypto.createHash('sha256').update(key).digest().subarray(0, 8);

export const isSealed = (b: Buffer): boolean => b.length >= HEAD && b.subarray(0, MAGIC.length).equals(MAGIC);

export class SealedFiles {
  private readonly keys = new Map<string, Buffer>();
  private readonly currentId: Buffer;

  constructor(
    readonly dataDir: string,
    private readonly current: Buffer,
    old: Buffer[] = [],
  ) {
    this.currentId = keyId(current);
    for (const k of [current, ...old]) this.keys.set(keyId(k).toString('hex'), k);
  }

  seal(plain: Buffer): Buffer {
    const iv = crypto.randomBytes(12);
    const c = crypto.createCipheriv('aes-256-gcm', this.current, iv);
    const data = Buffer.concat([c.update(plain), c.final()]);
    return Buffer.concat([MAGIC, this.currentId, iv, c.getAuthTag(), data]);
  }

  /** The plain bytes: a sealed file opened with its key, an unsealed one as it is; throws on an unknown key or damage. */
  open(stored: Buffer): Buffer {
    if (!isSealed(stored)) return stored;
    const id = stored.subarray(4, 12).toString('hex');
    const key = this.keys.get(id);
    if (!key) throw new Error(`sealed with an unknown key (${id}): is PHOTO_KEYS_OLD missing a key?`);
    const d = crypto.createDecipheriv('aes-256-gcm', key, stored.subarray(12, 24));
    d.setAuthTag(stored.subarray(24, HEAD));
    return Buffer.concat([d.update(stored.subarray(HEAD)), d.final()]);
  }

  /** True when the file is sealed with the current key. */
  isCurrent(stored: Buffer): boolean {
    return isSealed(stored) && stored.subarray(4, 12).equals(this.currentId);
  }

  /** Writes `plain` sealed to DATA_DIR/files/<folder>/<uuid><ext>; answers the path relative to DATA_DIR. */
  async write(folder: string, plain: Buffer, ext: string): Promise<string> {
    const dir = path.join(this.dataDir, 'files', folder);
    await fs.promises.mkdir(dir, { recursive: true });
    const rel = path.join('files', folder, `${crypto.randomUUID()}${ext}`);
    await fs.promises.writeFile(path.join(this.dataDir, rel), this.seal(plain), { mode: 0o600 });
    return rel;
  }

  /** The plain bytes of a stored file (path relative to DATA_DIR); null when it is gone. */
  async read(rel: string): Promise<Buffer | null> {
    let stored: Buffer;
    try {
      stored = await fs.promises.readFile(path.join(this.dataDir, rel));
    } catch {
      return null;
    }
    return this.open(stored);
  }

  /**
   * Seals a stored file again with the current key when it is not (unsealed, or an old key):
   * written beside it and renamed over it, so a reader sees the old or the new file, never half.
   * Answers whether it was rewritten ('missing' when the file is gone).
   */
  async reseal(rel: string): Promise<boolean | 'missing'> {
    const full = path.join(this.dataDir, rel);
    let stored: Buffer;
    try {
      stored = await fs.promises.readFile(full);
    } catch {
      return 'missing';
    }
    if (this.isCurrent(stored)) return false;
    const tmp = `${full}.${crypto.randomUUID()}.tmp`;
    await fs.promises.writeFile(tmp, this.seal(this.open(stored)), { mode: 0o600 });
    await fs.promises.rename(tmp, full);
    return true;
  }
}

const stores = new Map<string, SealedFiles>();

/** The sealed-file store of a configuration (kept per data directory and keys). */
export function sealedFiles(config: PhotoKeySettings): SealedFiles {
  const id = `${config.dataDir}\n${config.PHOTO_KEY ?? ''}\n${config.PHOTO_KEYS_OLD ?? ''}`;
  let store = stores.get(id);
  if (store) return store;
  const current = config.PHOTO_KEY ? parseKey(config.PHOTO_KEY, 'PHOTO_KEY') : keyFileKey(config.dataDir, 'photo.key');
  const old = (config.PHOTO_KEYS_OLD ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k, n) => parseKey(k, `PHOTO_KEYS_OLD (key ${n + 1})`));
  // Without PHOTO_KEY, a key file left from before still opens what it sealed.
  if (config.PHOTO_KEY && fs.existsSync(path.join(config.dataDir, 'photo.key'))) old.push(keyFileKey(config.dataDir, 'photo.key'));
  store = new SealedFiles(config.dataDir, current, old);
  stores.set(id, store);
  return store;
}
