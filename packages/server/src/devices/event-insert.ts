import { type Insertable, sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { AccessEventTable } from '../db/tables/devices.ts';

/**
 * A bare bulk insert of access events, as one `insert … select from unnest(<one array per
 * column>)`: a fixed 15 parameters whatever the row count, where a multi-row VALUES binds
 * one parameter per cell (measured in docs/performance.md "Scale-out": the parameter
 * binding, not the writing, was the cost). Each event is kept once (`on conflict do
 * nothing`) by (device, eid, time), since access_event is partitioned by month of its time
 * and a unique index must hold the partition key — a unit sends an event again unchanged,
 * time included (migration 0640, docs/device-protocol.md §7). The door units' events are
 * stored by `storeEvents` (events.ts: the same insert, in one statement with the units'
 * read); this one is the partition tests' and the zk bench's baseline.
 */
/** An access event as `insertAccessEvents` answers it. */
export interface InsertedAccessEvent {
  id: number | string;
  device_id: number | null;
  community_id: number | null;
  address_id: number | null;
  time: Date | string;
  type: number;
  result: number;
  account: string;
  unlock_user_name: string;
  card_num: string;
  is_work: boolean;
}

/** Answers the rows newly stored (not those a unit sent again). */
export async function insertAccessEvents(db: Db, rows: Insertable<AccessEventTable>[]): Promise<InsertedAccessEvent[]> {
  if (!rows.length) return [];
  const col = <T>(f: (r: Insertable<AccessEventTable>) => T): T[] => rows.map(f);
  const { rows: stored } = await sql<InsertedAccessEvent>`
    insert into access_event (device_id, eid, address_id, community_id, time, device_name, type, result,
                              account, unlock_user_name, card_num, card_mode, qr_id, is_work, refusal)
    select * from unnest(
      ${col((r) => r.device_id ?? null)}::int[], ${col((r) => r.eid)}::text[], ${col((r) => r.address_id ?? null)}::int[],
      ${col((r) => r.community_id ?? null)}::int[], ${col((r) => new Date(r.time ?? Date.now()).toISOString())}::timestamptz[],
      ${col((r) => r.device_name ?? '')}::text[], ${col((r) => r.type)}::smallint[], ${col((r) => r.result ?? 0)}::smallint[],
      ${col((r) => r.account ?? '')}::text[], ${col((r) => r.unlock_user_name ?? '')}::text[], ${col((r) => r.card_num ?? '')}::text[],
      ${col((r) => r.card_mode ?? 0)}::smallint[], ${col((r) => (r.qr_id == null ? null : Number(r.qr_id)))}::bigint[],
      ${col((r) => r.is_work ?? false)}::boolean[], ${col((r) => r.refusal ?? '')}::text[])
    on conflict (device_id, eid, time) do nothing
    returning id, device_id, community_id, address_id, time, type, result, account, unlock_user_name, card_num, is_work`.execute(db);
  return stored;
}
