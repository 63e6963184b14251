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

/** A 32-byte key: the setting's (64 hex digits or base64), else the random key created once in `DATA_DIR/<file>` (mode 0600). */
export function keyOf(key: KeySource): Buffer {
  if (key.setting) return parseKey(key.setting, key.name);
  const file = path.join(key.dataDir, key.file);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(key.dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  return parseKey(fs.readFileSync(file, 'utf8'), key.file);
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
