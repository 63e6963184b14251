import { ackMessage, CMD_STATUS, statusMessage } from '@gatehouse/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { offlineAlarm } from './alarms.ts';
import { anyText } from '../db/sql.ts';
import { storeEvents, type RawEvent } from './events.ts';
import { recordHeartbeat } from './health.ts';
import type { CommandNews, News } from './news.ts';

interface PendingAck {
  serial: string;
  id: number;
  ok: boolean;
  info: string;
}

const SEEN_EVERY_MS = 30_000;
/** Events written per statement (access_event has 14 columns: 2,000 rows = 28,000 parameters). */
const EVENT_PART = 2000;

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
    /** A device came online at `since`: re-send what it has not answered (sent before then). */
    private readonly onOnline: (deviceId: number, since: Date) => void,
    private readonly onError: (e: unknown) => void,
    /** Told what was written (live stream, webhooks). */
    private readonly news?: News,
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

  /** A unit's heartbeat (devices/health.ts), applied in order with its status messages. */
  heartbeat(serial: string, body: unknown): Promise<void> {
    return this.inOrder(serial, () => recordHeartbeat(this.db, this.news, serial, body));
  }

  /** A unit's status messages are applied one at a time, in arrival order (its offline and online must not cross). */
  status(serial: string, body: unknown): Promise<void> {
    return this.inOrder(serial, () => this.applyStatus(serial, body));
  }

  private inOrder(serial: string, apply: () => Promise<void>): Promise<void> {
    const run = (this.statuses.get(serial) ?? Promise.resolve()).then(apply);
    const tail = run.catch(() => {});
    this.statuses.set(serial, tail);
    void tail.then(() => {
      if (this.statuses.get(serial) === tail) this.statuses.delete(serial);
    });
    return run;
  }

  /**
   * Applies a status message. Idempotent across instances: the device row is locked,
   * and only a change from offline to online re-sends what the unit has not answered
   * (the commands sent before that moment), so a status message handled twice (two
   * instances, or a redelivery) sends nothing twice. An online unit that never said
   * offline gets its unanswered commands again when their lease runs out.
   */
  private async applyStatus(serial: string, body: unknown): Promise<void> {
    const parsed = statusMessage.safeParse(body);
    if (!parsed.success) return;
    const s = parsed.data;
    const row = await this.db.transaction().execute(async (trx) => {
      const was = await trx.selectFrom('device').select(['id', 'online']).where('serial', '=', serial).forUpdate().executeTakeFirst();
      if (!was) return undefined;
      const now = await trx
        .updateTable('device')
        .set({
          online: s.online,
          last_seen_at: sql<Date>`now()`,
          ...(s.firmware !== undefined ? { firmware: s.firmware.slice(0, 50) } : {}),
        })
        .where('id', '=', was.id)
        .returning(['id', 'address_id', 'firmware', sql<Date>`now()`.as('at')])
        .executeTakeFirstOrThrow();
      return { ...now, cameOnline: s.online && !was.online };
    });
    this.seen.set(serial, Date.now());
    if (!row) return;
    const community = row.address_id
      ? await this.db.selectFrom('address').select('community_id').where('id', '=', row.address_id).executeTakeFirst()
      : undefined;
    this.news?.emit('device', {
      deviceId: row.id,
      serial,
      communityId: community?.community_id ?? null,
      online: s.online,
      firmware: row.firmware ?? undefined,
    });
    if (row.address_id) this.news?.emit('alarm', await offlineAlarm(this.db, row.id, s.online));
    if (row.cameOnline && row.address_id) this.onOnline(row.id, new Date(row.at));
  }

  async idle(): Promise<void> {
    while (this.timer || this.acks.length || this.events.length || this.statuses.size) {
      await Promise.all(this.statuses.values());
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
      if (acks.length) this.news?.emit('command', await this.writeAcks(acks));
      // In parts: a burst that piled up behind a slow write must stay under PostgreSQL's 65,535 bind parameters.
      // Units heard from are marked as seen with the events' device read (one round trip less), else on their own.
      const due = this.due([...acks.map((a) => a.serial), ...events.map((e) => e.serial)]);
      for (let i = 0; i < events.length; i += EVENT_PART) {
        const stored = await storeEvents(this.db, events.slice(i, i + EVENT_PART), i === 0 ? due : []);
        this.news?.emit('access', stored.access);
        this.news?.emit('alarm', stored.alarms);
      }
      if (!events.length && due.length)
        await this.db.updateTable('device').set({ last_seen_at: sql<Date>`now()` }).where('serial', '=', anyText(due)).execute();
    } catch (e) {
      this.onError(e);
    }
  }

  /**
   * Sets success (2) or failure (3) on commands still pending; every answer is kept in
   * the command's answers list. An ack counts only from the device the command was for.
   * Answers the commands whose status this changed.
   */
  private async writeAcks(acks: PendingAck[]): Promise<CommandNews[]> {
    const changed: CommandNews[] = [];
    for (let i = 0; i < acks.length; i += 1000) {
      const part = acks.slice(i, i + 1000);
      const values = sql.join(part.map((a) => sql`(${a.id}::bigint, ${a.serial}::text, ${a.ok}::boolean, ${a.info}::text)`));
      const { rows } = await sql<{
        id: string | number;
        device_id: number;
        community_id: number | null;
        status: number;
        info: string;
        was: number;
      }>`
        update command c set
          status = case when c.status in (${CMD_STATUS.notSent}, ${CMD_STATUS.sent})
                        then (case when v.ok then ${CMD_STATUS.success} else ${CMD_STATUS.failed} end)::smallint
                        else c.status end,
          info = case when c.status in (${CMD_STATUS.notSent}, ${CMD_STATUS.sent}) then v.info else c.info end,
          acked_at = now(), updated_at = now(),
          answers = c.answers || jsonb_build_array(jsonb_build_object('at', now(), 'ok', v.ok, 'info', v.info))
        from (values ${values}) as v(id, serial, ok, info), device d, command o
        where c.id = v.id and d.serial = v.serial and c.device_id = d.id and o.id = c.id
        returning c.id, c.device_id, c.community_id, c.status, c.info, o.status as was`.execute(this.db);
      for (const r of rows)
        if (r.status !== r.was)
          changed.push({ id: Number(r.id), deviceId: r.device_id, communityId: r.community_id, status: r.status, info: r.info });
    }
    return changed;
  }

  /** The devices whose last_seen_at is due (kept current at most every 30 s per device), counted as written. */
  private due(serials: string[]): string[] {
    const now = Date.now();
    const due = [...new Set(serials)].filter((s) => now - (this.seen.get(s) ?? 0) > SEEN_EVERY_MS);
    for (const s of due) this.seen.set(s, now);
    return due;
  }
}
