import type { Db } from '../../../db/index.ts';
import { anyInt } from '../../../db/sql.ts';
import { tickBatch } from '../../tick-batch.ts';
import type { PinHolder } from './events.ts';

/**
 * Who holds the PINs that uploads name (zk_pin, docs/devices/zkteco.md): the uploads that arrive
 * in the same turn of the event loop are answered by one read (devices/tick-batch.ts). PINs are
 * zk_pin's own serial key (never 0, rtlog's "no user"); one of another unit is no holder. Nothing
 * is kept between reads (a PIN given to another credential is read afresh).
 */
export function pinHolders(db: Db): (deviceId: number, pins: readonly string[]) => Promise<Map<string, PinHolder>> {
  const byPin = tickBatch(async (pins: number[]) => {
    const rows = await db
      .selectFrom('zk_pin')
      .select(['pin', 'device_id', 'account', 'user_name'])
      .where('pin', '=', anyInt(pins))
      .execute();
    return new Map(rows.map((r) => [r.pin, r]));
  }, null);
  return async (deviceId, pinTexts) => {
    const pins = [...new Set(pinTexts.filter((p) => /^\d{1,9}$/.test(p)).map(Number))].filter((p) => p > 0);
    const out = new Map<string, PinHolder>();
    const rows = await Promise.all(pins.map(byPin));
    for (const r of rows) if (r && r.device_id === deviceId) out.set(String(r.pin), { account: r.account, userName: r.user_name });
    return out;
  };
}
