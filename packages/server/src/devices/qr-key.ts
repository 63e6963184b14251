import crypto from 'node:crypto';
import { QR_PREFIX, type QrBody } from '@gatehouse/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.ts';

const KEY_NAME = 'qr-ed25519';

export interface QrKey {
  privateKey: crypto.KeyObject;
  publicPem: string;
  /** The raw 32-byte public key, base64 (what a device stores). */
  publicRaw: string;
}

const cache = new WeakMap<object, Promise<QrKey>>();

async function load(db: Kysely<DB>): Promise<QrKey> {
  let row = await db.selectFrom('server_key').select(['private_pem', 'public_pem']).where('name', '=', KEY_NAME).executeTakeFirst();
  if (!row) {
    const pair = crypto.generateKeyPairSync('ed25519');
    await db
      .insertInto('server_key')
      .values({
        name: KEY_NAME,
        private_pem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        public_pem: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    row = await db.selectFrom('server_key').select(['private_pem', 'public_pem']).where('name', '=', KEY_NAME).executeTakeFirstOrThrow();
  }
  const pub = crypto.createPublicKey(row.public_pem);
  const der = pub.export({ type: 'spki', format: 'der' });
  return {
    privateKey: crypto.createPrivateKey(row.private_pem),
    publicPem: row.public_pem,
    publicRaw: der.subarray(der.length - 32).toString('base64'),
  };
}

/** The server's Ed25519 key pair for visitor QR codes: generated once, kept in the database. */
export function qrKey(db: Kysely<DB>): Promise<QrKey> {
  let p = cache.get(db);
  if (!p) {
    p = load(db);
    p.catch(() => cache.delete(db));
    cache.set(db, p);
  }
  return p;
}

/** `GH1.<base64url(body)>.<base64url(signature)>`, signed over `GH1.<base64url(body)>`. */
export function signQr(key: QrKey, body: QrBody): string {
  const head = `${QR_PREFIX}.${Buffer.from(JSON.stringify(body), 'utf8').toString('base64url')}`;
  const sig = crypto.sign(null, Buffer.from(head, 'ascii'), key.privateKey);
  return `${head}.${sig.toString('base64url')}`;
}
