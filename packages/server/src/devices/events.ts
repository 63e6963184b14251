import { USAGE_KIND } from '@gatehouse/contracts';
import type { Insertable } from 'kysely';
import type { Db } from '../db/index.ts';
import type { AccessEventTable, UsageEventTable } from '../db/tables/devices.ts';

export interface RawEvent {
  serial: string;
  body: Record<string, unknown>;
}

const str = (v: unknown, max: number): string => (typeof v === 'string' ? v.slice(0, max) : '');
const int = (v: unknown, min: number, max: number, dflt: number): number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : dflt;
function time(v: unknown): Date | null {
  if (typeof v !== 'string') return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * Stores device events: access and punch events in access_event (the access log,
 * entrance report and punch records), calls and monitor sessions in usage_event. Each
 * (device, eid) is kept once, so a device may re-send events safely. Events of
 * serials that are not bound to a door unit are dropped.
 */
export async function storeEvents(db: Db, events: RawEvent[]): Promise<void> {
  const serials = [...new Set(events.map((e) => e.serial))];
  const devices = await db
    .selectFrom('device as d')
    .innerJoin('address as a', 'a.id', 'd.address_id')
    .select(['d.id', 'd.serial', 'a.id as addressId', 'a.community_id as communityId', 'a.name'])
    .where('d.serial', 'in', serials)
    .execute();
  const bySerial = new Map(devices.map((d) => [d.serial, d]));
  const access: Insertable<AccessEventTable>[] = [];
  const usage: Insertable<UsageEventTable>[] = [];
  for (const { serial, body } of events) {
    const dev = bySerial.get(serial);
    const at = time(body.time);
    const eid = str(body.eid, 64);
    if (!dev || !at || !eid) continue;
    const base = { device_id: dev.id, eid, address_id: dev.addressId, community_id: dev.communityId, time: at };
    if (body.kind === 'access' || body.kind === 'punch') {
      const qr = body.qrId;
      access.push({
        ...base,
        device_name: dev.name.slice(0, 100),
        type: int(body.type, 1, 99, 1),
        result: body.kind === 'punch' ? 0 : int(body.result, 0, 9, 0),
        account: str(body.account, 20),
        unlock_user_name: str(body.userName, 50),
        card_num: str(body.cardNum, 20),
        card_mode: int(body.cardMode, 0, 5, 0),
        qr_id: typeof qr === 'number' && Number.isSafeInteger(qr) ? qr : null,
        is_work: body.kind === 'punch',
      });
    } else if (body.kind === 'call' || body.kind === 'monitor') {
      usage.push({
        ...base,
        kind: body.kind === 'call' ? USAGE_KIND.call : USAGE_KIND.monitor,
        account: str(body.account, 20),
        call_code: str(body.callCode, 20),
        answered: body.answered === true,
        duration_sec: int(body.durationSec, 0, 86_400, 0),
      });
    }
  }
  if (access.length)
    await db
      .insertInto('access_event')
      .values(access)
      .onConflict((oc) => oc.columns(['device_id', 'eid']).doNothing())
      .execute();
  if (usage.length)
    await db
      .insertInto('usage_event')
      .values(usage)
      .onConflict((oc) => oc.columns(['device_id', 'eid']).doNothing())
      .execute();
}
