import crypto from 'node:crypto';
import type { DeviceSecret, PoolRow } from '@gatehouse/contracts';
import type { TestApp } from './harness.ts';

/** Polls until `check` answers true (device traffic is asynchronous). */
export async function until(check: () => Promise<boolean> | boolean, timeoutMs = 20_000, what = 'condition'): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) throw new Error(`${what} not reached within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export const newSerial = (tag = 'T'): string => `${tag}${crypto.randomBytes(5).toString('hex').toUpperCase()}`;

/** Hardware with every feature (face 1 + QR 2 + card 4 + password 8). */
export const ALL_HARDWARE = { faceSupported: 1, qrcodeSupported: 2, cardSupported: 4, pwdSupported: 8 };

/** Adds a device to the pool through the API. */
export async function addToPool(t: TestApp, token: string, serial = newSerial(), extra: Record<string, unknown> = {}): Promise<PoolRow> {
  const res = await t.post<PoolRow>(
    '/pool/addPool',
    { name: `Unit ${serial}`, regNo: serial, isVilla: 0, ...ALL_HARDWARE, ...extra },
    token,
  );
  if (res.body.status !== 200) throw new Error(`addPool: ${res.body.msgs.join('; ')}`);
  return res.body.content;
}

/** Adds a pool device and binds it in the device list: answers its door unit, serial and secret. */
export async function bindNewDevice(t: TestApp, token: string, communityId: number, serial = newSerial()): Promise<DeviceSecret> {
  await addToPool(t, token, serial);
  const res = await t.post<DeviceSecret>(
    '/device/insertDevice',
    { addressName: `Gate ${serial}`, regNo: serial, userPhone: '13912345678', communityID: communityId },
    token,
  );
  if (res.body.status !== 200) throw new Error(`insertDevice: ${res.body.msgs.join('; ')}`);
  return res.body.content;
}

/** Command statuses of a door unit, oldest first. */
export async function statusesOf(t: TestApp, addressId: number): Promise<{ id: number; status: number; kind: string; info: string }[]> {
  const rows = await t.db
    .selectFrom('command')
    .select(['id', 'status', 'kind', 'info'])
    .where('address_id', '=', addressId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Moves a bound unit's door to another community (what its broker rules follow). */
export async function moveDoor(t: TestApp, serial: string, communityId: number): Promise<void> {
  const door = await t.db.selectFrom('device').select('address_id').where('serial', '=', serial).executeTakeFirstOrThrow();
  await t.db
    .updateTable('address')
    .set({ community_id: communityId })
    .where('id', '=', door.address_id as number)
    .execute();
}
