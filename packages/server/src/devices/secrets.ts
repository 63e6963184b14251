import crypto from 'node:crypto';
import pg from 'pg';
import type { Db } from '../db/index.ts';

/** A device secret: 144 random bits, base64url (24 characters). Shown once; only its hash is kept. */
export const newDeviceSecret = (): string => crypto.randomBytes(18).toString('base64url');

export const hashDeviceSecret = (secret: string): string => crypto.createHash('sha256').update(secret, 'utf8').digest('hex');

/** Whether `secret` is the one whose hash is kept (compared in constant time). */
function matches(hash: string | null | undefined, secret: string): boolean {
  if (!hash) return false;
  const a = Buffer.from(hash, 'hex');
  const b = Buffer.from(hashDeviceSecret(secret), 'hex');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

const usable = (secret: string) => !!secret && secret.length <= 200;

/** True when the serial belongs to a bound device whose current secret is `secret`. */
export async function verifyDeviceSecret(db: Db, serial: string, secret: string): Promise<boolean> {
  if (!usable(secret)) return false;
  const row = await db
    .selectFrom('device')
    .select(['secret_hash'])
    .where('serial', '=', serial)
    .where('address_id', 'is not', null)
    .executeTakeFirst();
  return matches(row?.secret_hash, secret);
}

/** The community of a bound device's door unit (its address's); null when the serial is not bound. */
export async function deviceCommunity(db: Db, serial: string): Promise<number | null> {
  const row = await db
    .selectFrom('device')
    .innerJoin('address', 'address.id', 'device.address_id')
    .select('address.community_id')
    .where('device.serial', '=', serial)
    .executeTakeFirst();
  return row?.community_id ?? null;
}

/**
 * The embedded broker's secret check. On PostgreSQL it reads on two connections of its own, so a
 * connecting unit's CONNACK does not wait behind the statements queued on the server's pool (every
 * connecting unit's status and heartbeat writes: docs/scale-out.md "Embedded broker"); on PGlite
 * (one connection) it reads through the database handle.
 */
export function deviceSecretChecker(
  db: Db,
  url: string | undefined,
): { verify(serial: string, secret: string): Promise<boolean>; close(): Promise<void> } {
  if (!url) return { verify: (serial, secret) => verifyDeviceSecret(db, serial, secret), close: async () => {} };
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {}); // a connection that drops is replaced at the next check
  return {
    async verify(serial, secret) {
      if (!usable(secret)) return false;
      const { rows } = await pool.query<{ secret_hash: string | null }>(
        'select secret_hash from device where serial = $1 and address_id is not null',
        [serial],
      );
      return matches(rows[0]?.secret_hash, secret);
    },
    close: () => pool.end(),
  };
}
