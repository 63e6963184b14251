import { ackMessage, CMD_STATUS, statusMessage } from '@gatehouse/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { offlineAlarm } from './alarms.ts';
import { storeEvents, type RawEvent } from './events.ts';

interface PendingAck {
  serial: string;
  id: number;
  ok: boolean;
  info: string;
}

const SEEN_EVERY_MS = 30_000;

/**
 * What devices send: acks (by command id: they still land after a server restart),
 * events and online status. Acks and events are written in small batches.
 */
export class Inbound {
  private acks: PendingAck[] = [];
  private events: RawEvent[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private readonly statuses = new Map<string, Promise<void>>();
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly db: Db,
    /** A device came online: re-send what it has not answered. */
    private readonly onOnline: (deviceId: number) => void,
    private readonly onError: (e: unknown) => void,
  ) {}

  ack(serial: string, body: unknown): void {
    const parsed = ackMessage.safeParse(body);
    if (!parsed.success) return;
    const a = parsed.data;
    this.acks.push({ serial, id: a.id, ok: a.ok, info: a.info?.slice(0, 500) ?? '' });
    this.schedule();
  }

  event(serial: string, body: unknown): void {
    if (!body || typeof body !== 'object') return;
    this.events.push({ serial, body: body as Record<string, unknown> });
    this.schedule();
  }

  /** A unit's status messages are applied one at a time, in arrival order (its offline and online must not cross). */
  status(serial: string, body: unknown): Promise<void> {
    const run = (this.statuses.get(serial) ?? Promise.resolve()).then(() => this.applyStatus(serial, body));
    const tail = run.catch(() => {});
    this.statuses.set(serial, tail);
    void tail.then(() => {
      if (this.statuses.get(serial) === tail) this.statuses.delete(serial);
    });
    return run;
  }

  private async applyStatus(serial: string, body: unknown): Promise<void> {
    const parsed = statusMessage.safeParse(body);
    if (!parsed.success) return;
    const s = parsed.data;
    const row = await this.db
      .updateTable('device')
      .set({
        online: s.online,
        last_seen_at: sql<Date>`now()`,
        ...(s.firmware !== undefined ? { firmware: s.firmware.slice(0, 50) } : {}),
      })
      .where('serial', '=', serial)
      .returning(['id', 'address_id'])
      .executeTakeFirst();
    this.seen.set(serial, Date.now());
    if (row?.address_id) await offlineAlarm(this.db, row.id, s.online);
    if (row && s.online && row.address_id) this.onOnline(row.id);
  }

  async idle(): Promise<void> {
    while (this.timer || this.acks.length || this.events.length) {
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = null;
        this.writing = this.writing.then(() => this.flush());
      }
      await this.writing;
    }
    await this.writing;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.writing = this.writing.then(() => this.flush());
    }, 5);
  }

  private async flush(): Promise<void> {
    const acks = this.acks.splice(0);
    const events = this.events.splice(0);
    try {
      if (acks.length) await this.writeAcks(acks);
      if (events.length) await storeEvents(this.db, events);
      await this.touch([...acks.map((a) => a.serial), ...events.map((e) => e.serial)]);
    } catch (e) {
      this.onError(e);
    }
  }

  /**
   * Sets success (2) or failure (3) on commands still pending; every answer is kept in
   * the command's answers list. An ack counts only from the device the command was for.
   */
  private async writeAcks(acks: PendingAck[]): Promise<void> {
    for (let i = 0; i < acks.length; i += 1000) {
      const part = acks.slice(i, i + 1000);
      const values = sql.join(part.map((a) => sql`(${a.id}::bigint, ${a.serial}::text, ${a.ok}::boolean, ${a.info}::text)`));
      await sql`
        update command c set
          status = case when c.status in (${CMD_STATUS.notSent}, ${CMD_STATUS.sent})
                        then (case when v.ok then ${CMD_STATUS.success} else ${CMD_STATUS.failed} end)::smallint
                        else c.status end,
          info = case when c.status in (${CMD_STATUS.notSent}, ${CMD_STATUS.sent}) then v.info else c.info end,
          acked_at = now(), updated_at = now(),
          answers = c.answers || jsonb_build_array(jsonb_build_object('at', now(), 'ok', v.ok, 'info', v.info))
        from (values ${values}) as v(id, serial, ok, info), device d
        where c.id = v.id and d.serial = v.serial and c.device_id = d.id`.execute(this.db);
    }
  }

  /** Keeps last_seen_at current, at most every 30 s per device. */
  private async touch(serials: string[]): Promise<void> {
    const now = Date.now();
    const due = [...new Set(serials)].filter((s) => now - (this.seen.get(s) ?? 0) > SEEN_EVERY_MS);
    if (!due.length) return;
    for (const s of due) this.seen.set(s, now);
    await this.db.updateTable('device').set({ last_seen_at: sql<Date>`now()` }).where('serial', 'in', due).execute();
  }
}
