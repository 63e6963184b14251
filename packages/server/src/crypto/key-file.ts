import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseKey, SecretBox } from './secret-box.ts';

const boxes = new Map<string, SecretBox>();

/** Where a key comes from: a setting (`name`), else a file in DATA_DIR. */
export interface KeySource {
  setting: string | undefined;
  name: string;
  dataDir: string;
  file: string;
}

/**
 * The 32-byte key in `file`, created once (mode 0600) with a random key. Several processes may start
 * at once on one data directory: the key is written to a file of this process's own and linked into
 * place, so the file never exists without its whole content, and the first link wins (the others read it).
 */
export function keyFileKey(dataDir: string, name: string): Buffer {
  const file = path.join(dataDir, name);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const tmp = `${file}.${process.pid}.${crypto.randomUUID()}.tmp`;
    fs.writeFileSync(tmp, crypto.randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(tmp, file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  return parseKey(fs.readFileSync(file, 'utf8'), name);
}

/** A 32-byte key: the setting's (64 hex digits or base64), else the random key created once in `DATA_DIR/<file>` (mode 0600). */
export function keyOf(key: KeySource): Buffer {
  if (key.setting) return parseKey(key.setting, key.name);
  return keyFileKey(key.dataDir, key.file);
}

/**
 * The box of secrets the server must read back in clear (webhook signing secrets, vendor door
 * units' passwords): the key of a setting (32 bytes as 64 hex digits or base64), else a random key
 * created once in `DATA_DIR/<file>` (mode 0600). Several instances must share the key: set the
 * setting for them. One box per key, kept.
 */
export function keyedBox(key: KeySource): SecretBox {
  const id = key.setting ? `env:${key.name}:${key.setting}` : `file:${path.join(key.dataDir, key.file)}`;
  let box = boxes.get(id);
  if (box) return box;
  box = new SecretBox(keyOf(key));
  boxes.set(id, box);
  return box;
}

/** The box of vendor door units' passwords: DEVICE_CREDENTIAL_KEY, else DATA_DIR/device-credential.key. */
export const deviceCredentialBox = (config: { DEVICE_CREDENTIAL_KEY?: string; dataDir: string }): SecretBox =>
  keyedBox({
    setting: config.DEVICE_CREDENTIAL_KEY,
    name: 'DEVICE_CREDENTIAL_KEY',
    dataDir: config.dataDir,
    file: 'device-credential.key',
  });
