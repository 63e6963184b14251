import { CMD_STATUS } from '@gatehouse/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { CommandNews } from './news.ts';

/** A unit's answer to a command, as the intake keeps it until written. */
export interface PendingAck {
  serial: string;
  id: number;
  ok: boolean;
  info: string;
  /** Times it found its command held by another transaction. */
  tries?: number;
}

/**
 * Sets success (2) or failure (3), with the unit's answer, on commands still pending that were sent
 * to that unit (an ack counts only from the device the command was for). An ack of a command the
 * unit never got (not sent yet, or another unit's), a second ack (a re-send answered "already
 * applied", a repeated message) and an ack after the command was superseded change nothing.
 * Answers the commands whose status this changed.
 */
export async function writeAcks(db: Db, acks: PendingAck[]): Promise<{ changed: CommandNews[]; busy: PendingAck[] }> {
  const changed: CommandNews[] = [];
  const busy: PendingAck[] = [];
  for (let i = 0; i < acks.length; i += 1000) {
    const part = acks.slice(i, i + 1000);
    const col = <T>(f: (a: PendingAck) => T) => part.map(f);
    // Rows another transaction holds (a change superseding them, a claim re-sending them) are skipped, never
    // waited for: this write then takes part in no lock cycle (it deadlocked with a lockdown's supersede).
    // Their acks are tried again in a moment (`busy`: rows there are, yet not locked here).
    const { rows } = await sql<{ changed: unknown; busy: (string | number)[] | null }>`
      with v as (
        select * from unnest(${col((a) => String(a.id))}::bigint[], ${col((a) => a.serial)}::text[],
                             ${col((a) => a.ok)}::boolean[], ${col((a) => a.info)}::text[]) as v(id, serial, ok, info)
      ),
      locked as (
        select c.id from command c where c.id in (select id from v) order by c.id for update of c skip locked
      ),
      upd as (
        update command c set
          status = (case when v.ok then ${CMD_STATUS.success} else ${CMD_STATUS.failed} end)::smallint,
          info = v.info, acked_at = now(), updated_at = now(),
          answers = c.answers || jsonb_build_array(jsonb_build_object('at', now(), 'ok', v.ok, 'info', v.info))
        from locked, v, device d
        where c.id = locked.id and c.id = v.id and d.serial = v.serial and c.device_id = d.id
          and c.status in (${CMD_STATUS.notSent}, ${CMD_STATUS.sent}) and c.attempts > 0
        returning c.id, c.device_id, c.community_id, c.status, c.info
      )
      select
        coalesce((select json_agg(upd) from upd), '[]') as changed,
        (select array_agg(c.id) from command c where c.id in (select id from v) and c.id not in (select id from locked)) as busy`.execute(
      db,
    );
    const row = rows[0];
    const done = (typeof row?.changed === 'string' ? JSON.parse(row.changed) : (row?.changed ?? [])) as {
      id: string | number;
      device_id: number;
      community_id: number | null;
      status: number;
      info: string;
    }[];
    for (const r of done)
      changed.push({ id: Number(r.id), deviceId: r.device_id, communityId: r.community_id, status: r.status, info: r.info });
    const held = new Set((row?.busy ?? []).map(Number));
    busy.push(...part.filter((a) => held.has(a.id)));
  }
  return { changed, busy };
}
