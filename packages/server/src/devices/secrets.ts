import crypto from 'node:crypto';
import type { Db } from '../db/index.ts';

/** A device secret: 144 random bits, base64url (24 characters). Shown once; only its hash is kept. */
export const newDeviceSecret = (): string => crypto.randomBytes(18).toString('base64url');

export const hashDeviceSecret = (secret: string): string => crypto.createHash('sha256').update(secret, 'utf8').digest('hex');

/** True when the serial belongs to a bound device whose current secret is `secret`. */
export async function verifyDeviceSecret(db: Db, serial: string, secret: string): Promise<boolean> {
  if (!secret || secret.length > 200) return false;
  const row = await db
    .selectFrom('device')
    .select(['secret_hash'])
    .where('serial', '=', serial)
    .where('address_id', 'is not', null)
    .executeTakeFirst();
  if (!row?.secret_hash) return false;
  const a = Buffer.from(row.secret_hash, 'hex');
  const b = Buffer.from(hashDeviceSecret(secret), 'hex');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
