import crypto from 'node:crypto';
import type { Db } from '../db/index.ts';
import { hashDeviceSecret } from '../devices/secrets.ts';

/**
 * Door units with bound devices, all with the same secret, written in bulk (set-up for
 * the multi-instance tests and the benches; not the binding flow).
 */
export async function seedUnits(
  db: Db,
  n: number,
  communities: number,
  secret: string,
): Promise<{ addressIds: number[]; serials: string[] }> {
  const ids: number[] = [];
  for (let c = 0; c < communities; c++) {
    const row = await db
      .insertInto('community')
      .values({ name: `Units ${c}`, location: 'L', address: 'A', ip: null, type: 0, reg_no: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  const tag = crypto.randomBytes(3).toString('hex');
  const hash = hashDeviceSecret(secret);
  const addressIds: number[] = [];
  const serials: string[] = [];
  for (let i = 0; i < n; i += 500) {
    const rows = Array.from({ length: Math.min(500, n - i) }, (_, k) => ({
      community_id: ids[(i + k) % communities] as number,
      address: `Gate ${i + k}`,
      name: `G${i + k}`,
      type: 0,
      is_villa: 0,
      hardware: 15,
      devstate: 1,
      reg_no: null,
    }));
    const got = await db.insertInto('address').values(rows).returning(['id', 'community_id']).execute();
    const devs = got.map((a, k) => ({
      serial: `U${tag}${String(i + k).padStart(5, '0')}`,
      name: `U${i + k}`,
      is_villa: 0,
      hardware: 15,
      note: '',
      address_id: a.id,
      community_id: a.community_id,
      secret_hash: hash,
    }));
    await db.insertInto('device').values(devs).execute();
    addressIds.push(...got.map((a) => a.id));
    serials.push(...devs.map((d) => d.serial));
  }
  return { addressIds, serials };
}
