import { ackMessage, statusMessage } from '@gatehouse/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { offlineAlarm } from './alarms.ts';
import { anyText } from '../db/sql.ts';
import { type PendingAck, writeAcks } from './ack-write.ts';
import { storeEvents, type RawEvent } from './events.ts';
import { recordHeartbeat } from './health.ts';
import { RecentEvents } from './recent-events.ts';
import { StatusReplays } from './status-replays.ts';
import { accessNews, type News } from './news.ts';
import { DEFAULT_UNIT_RATE, type UnitRate, UnitThrottle } from './unit-throttle.ts';

export interface InboundOptions {
  /** Confirms stored events to their unit on `<prefix>/dev/<serial>/evack` (absent: no confirmations). */
  confirm?: (serial: string, eids: string[]) => Promise<void>;
  /** Events per unit (DEVICE_EVENTS_PER_S, DEVICE_EVENT_BURST; devices/unit-throttle.ts). */
  rate?: UnitRate;
  /** Told once a minute per unit that went over its event limit. */
  onThrottled?: (serial: string, refused: number) => void;
  /** The throttle's clock (default Date.now; tests move it on). */
  clock?: () => number;
  /** A write that failed (the database is away) is tried again after this, ms (default 1,000). */
  retryMs?: number;
}

/** An ack whose command another transaction holds is tried again after this, this many times at most. */
const BUSY_RETRY_MS = 20;
const BUSY_TRIES = 250;
const SEEN_EVERY_MS = 30_000;
/** Events written per statement (access_event has 14 columns: 2,000 rows = 28,000 parameters). */
const EVENT_PART = 2000;
/**
 * Acks and events kept while the database cannot take them (written when it can); beyond this the
 * newest are dropped: not confirmed, so the unit sends them again (and an ack's command is re-sent).
 */
const MAX_KEPT = 100_000;
/** A status message that could not be applied is tried again this many times (a minute or so). */
const STATUS_TRIES = 60;

/**
 * What devices send: acks (by command id: they still land after a server restart),
 * events and online status. Acks and events are written in small batches; a batch the
 * database refused (it is down) is kept and written again, and only events written are
 * confirmed to their unit (`evack`), which keeps the others and sends them again
 * (docs/device-protocol.md §7, docs/scale-out.md "After a crash"). A unit's events
 * over its rate are refused (devices/unit-throttle.ts).
 */
export class Inbound {
  private acks: PendingAck[] = [];
  private events: RawEvent[] = [];
  /** Told whether the events queued with `eventBatch()` so far were written (by the next flush). */
  private waiting: ((written: boolean) => void)[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private readonly statuses = new Map<string, Promise<void>>();
  private readonly seen = new Map<string, number>();
  private readonly throttle: UnitThrottle;
  /** The broker's retained status copies handed on subscribing: applied only where they differ from the stored state. */
  private readonly replays: StatusReplays;
  /** Events queued or written lately: a unit's re-send of one costs no database work. */
  private readonly recent = new RecentEvents();
  /** Eids of re-sent events already written, confirmed again by the next flush. */
  private repeats = new Map<string, string[]>();
  private stopped = false;
  /** Acks waiting to be tried again (their command was held by another transaction). */
  private retrying = 0;
  /** Acks and events dropped: beyond MAX_KEPT while the database was away, or refused by a database that answers. */
  dropped = 0;
  /** Writes failed in a row (0: the last one went in). */
  private failures = 0;

  constructor(
    private readonly db: Db,
    /** A device came online at `since`: re-send what it has not answered (sent before then). */
    private readonly onOnline: (deviceId: number, since: Date) => void,
    private readonly onError: (e: unknown) => void,
    /** Told what was written (live stream, webhooks). */
    private readonly news?: News,
    private readonly o: InboundOptions = {},
  ) {
    this.throttle = new UnitThrottle(o.rate ?? DEFAULT_UNIT_RATE, o.onThrottled ?? (() => {}), o.clock);
    this.replays = new StatusReplays(db, (serial, body) => this.inOrder(serial, () => this.applyStatus(serial, body, false)), onError);
  }

  /** Events refused over every unit (over their rate) since the start. */
  get throttled(): number {
    return this.throttle.refusedTotal;
  }

  ack(serial: string, body: unknown): void {
    const parsed = ackMessage.safeParse(body);
    if (!parsed.success) return;
    const a = parsed.data;
    if (this.acks.length >= MAX_KEPT) {
      this.dropped++;
      return;
    }
    this.acks.push({ serial, id: a.id, ok: a.ok, info: a.info?.slice(0, 500) ?? '' });
    this.schedule();
  }

  event(serial: string, body: unknown): void {
    if (!body || typeof body !== 'object') return;
    if (!this.throttle.take(serial)) return;
    if (this.events.length >= MAX_KEPT) {
      this.dropped++;
      return;
    }
    const b = body as Record<string, unknown>;
    const key = RecentEvents.key(serial, b);
    const known = key ? this.recent.admit(key) : undefined;
    // Sent again while its first copy waits here: that one is confirmed once written.
    if (known === 'queued') return;
    if (known === 'written') {
      const eids = this.repeats.get(serial) ?? [];
      eids.push(b.eid as string);
      this.repeats.set(serial, eids);
    } else this.events.push({ serial, body: b });
    this.schedule();
  }

  /**
   * Events a vendor unit sent together (one upload, one page of its log), all or none: resolves true
   * once they are written (stored now or before), false when they were refused (over the unit's rate,
   * more than can be kept) or their write failed. False means not confirmed: the unit must send them
   * again (a ZKTeco upload answered with an error, a Hikvision log position not moved).
   */
  eventBatch(serial: string, bodies: readonly object[]): Promise<boolean> {
    if (!bodies.length) return Promise.resolve(true);
    if (this.stopped || !this.throttle.takeMany(serial, bodies.length)) return Promise.resolve(false);
    if (this.events.length + bodies.length > MAX_KEPT) {
      this.dropped += bodies.length;
      return Promise.resolve(false);
    }
    for (const body of bodies) this.events.push({ serial, body: body as Record<string, unknown> });
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.schedule();
    });
  }

  /** A unit's heartbeat (devices/health.ts), applied in order with its status messages. */
  heartbeat(serial: string, body: unknown): Promise<void> {
    return this.inOrder(serial, () => recordHeartbeat(this.db, this.news, serial, body));
  }

  /**
   * A unit's status messages are applied one at a time, in arrival order (its offline and online must not cross).
   * `replayed`: the broker's retained copy handed on subscribing, applied only where it differs (status-replays.ts).
   */
  status(serial: string, body: unknown, replayed = false): Promise<void> {
    if (replayed) {
      if (!this.stopped) this.replays.add(serial, body);
      return Promise.resolve();
    }
    this.replays.live(serial);
    return this.inOrder(serial, () => this.applyStatus(serial, body, true));
  }

  private inOrder(serial: string, apply: () => Promise<void>): Promise<void> {
    const run = (this.statuses.get(serial) ?? Promise.resolve()).then(() => this.retried(apply));
    const tail = run.catch(() => {});
    this.statuses.set(serial, tail);
    void tail.then(() => {
      if (this.statuses.get(serial) === tail) this.statuses.delete(serial);
    });
    return run;
  }

  /**
   * Applies a status message. The device row is locked. An "online" the unit sent now (`live`: it
   * connected just now, maybe to a broker that restarted and lost what it held for it) re-sends what
   * the unit has not answered (the commands sent before that moment), even when it was stored online
   * (no will told of the break); a retained copy does so only for a change from offline to online. A
   * status handled twice (a redelivery) re-sends at most once more, and a unit answers a command it
   * already applied again.
   */
  private async applyStatus(serial: string, body: unknown, live: boolean): Promise<void> {
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
      return { ...now, reconnected: s.online && (live || !was.online) };
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
    if (row.reconnected && row.address_id) this.onOnline(row.id, new Date(row.at));
  }

  /** Runs `apply`, again every retryMs while the database refuses (STATUS_TRIES at most, not after stop). */
  private async retried(apply: () => Promise<void>): Promise<void> {
    for (let i = 1; ; i++) {
      try {
        return await apply();
      } catch (e) {
        if (i >= STATUS_TRIES || this.stopped) throw e;
        await new Promise((r) => setTimeout(r, this.o.retryMs ?? 1000));
      }
    }
  }

  async idle(): Promise<void> {
    await this.replays.idle();
    while (this.timer || this.retrying || this.acks.length || this.events.length || this.statuses.size) {
      if (this.retrying && !this.timer && !this.acks.length && !this.events.length && !this.statuses.size) {
        await new Promise((r) => setTimeout(r, BUSY_RETRY_MS));
        continue;
      }
      await Promise.all(this.statuses.values());
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = null;
        this.writing = this.writing.then(() => this.flush());
      }
      await this.writing;
      // The database refuses: what is kept is written again in the background, not waited for here.
      if (this.failures) return;
    }
    await this.writing;
  }

  stop(): void {
    this.stopped = true;
    this.replays.stop();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const tell of this.waiting.splice(0)) tell(false);
  }

  private schedule(delayMs = 5): void {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.writing = this.writing.then(() => this.flush());
    }, delayMs);
  }

  /**
   * Writes what arrived. What the database refused is put back (in front, so acks and events keep
   * their order) and tried again after retryMs; nothing of it is confirmed meanwhile.
   */
  private async flush(): Promise<void> {
    let acks = this.acks.splice(0);
    let events = this.events.splice(0);
    const waiting = this.waiting.splice(0);
    this.confirmRepeats();
    try {
      const heard = [...acks.map((a) => a.serial), ...events.map((e) => e.serial)];
      if (acks.length) {
        const { changed, busy } = await writeAcks(this.db, acks);
        acks = [];
        this.news?.emit('command', changed);
        this.retryBusy(busy);
      }
      // In parts: a burst that piled up behind a slow write must stay under PostgreSQL's 65,535 bind parameters.
      // Units heard from are marked as seen with the events' device read (one round trip less), else on their own.
      let due = this.due(heard);
      // What a stored part brings about (the live stream's rows, webhook deliveries: one more statement) is
      // written while the next part is stored, in the parts' order; the flush ends when all of it is written.
      let told: Promise<void> = Promise.resolve();
      try {
        while (events.length) {
          const part = inLockOrder(events.slice(0, EVENT_PART));
          const stored = await storeEvents(this.db, part, due);
          this.recent.written(keysOf(part));
          due = [];
          events = events.slice(EVENT_PART);
          this.confirm(part);
          told = told.then(() => this.tell(stored));
        }
      } finally {
        await told;
      }
      if (due.length)
        await this.db.updateTable('device').set({ last_seen_at: sql<Date>`now()` }).where('serial', '=', anyText(due)).execute();
    } catch (e) {
      // Not confirmed: what was kept is written later, and the units send it again meanwhile (stored once).
      for (const tell of waiting) tell(false);
      this.onError(e);
      this.failures++;
      if (this.failures >= 3 && (await this.databaseAnswers())) {
        // The database is there and still refuses this batch: the batch itself is at fault (never written).
        this.dropped += acks.length + events.length;
        this.recent.forget(keysOf(events));
        this.failures = 0;
        return;
      }
      this.acks.unshift(...acks);
      this.events.unshift(...events);
      if (this.acks.length + this.events.length) this.schedule(this.o.retryMs ?? 1000);
      return;
    }
    this.failures = 0;
    for (const tell of waiting) tell(true);
  }

  /** Acks of rows another transaction held: tried again shortly (BUSY_TRIES times at most; then the lease re-sends). */
  private retryBusy(busy: PendingAck[]): void {
    const again = busy.filter((a) => (a.tries ?? 0) < BUSY_TRIES).map((a) => ({ ...a, tries: (a.tries ?? 0) + 1 }));
    this.dropped += busy.length - again.length;
    if (!again.length) return;
    this.retrying++;
    setTimeout(() => {
      this.retrying--;
      if (this.stopped) return;
      this.acks.push(...again);
      this.schedule();
    }, BUSY_RETRY_MS).unref();
  }

  /** Writes and tells what stored events bring about. The events are in: a failed write is reported, never a reason to store them again. */
  private async tell(stored: Awaited<ReturnType<typeof storeEvents>>): Promise<void> {
    await this.news?.write(this.db, 'access', stored.access).catch(this.onError);
    this.news?.emit('access', stored.access.map(accessNews));
    this.news?.emit('alarm', stored.alarms);
  }

  private async databaseAnswers(): Promise<boolean> {
    try {
      await sql`select 1`.execute(this.db);
      return true;
    } catch {
      return false;
    }
  }

  /** Confirms again the re-sent events that were written before (no database work). */
  private confirmRepeats(): void {
    const send = this.o.confirm;
    const repeats = this.repeats;
    this.repeats = new Map();
    if (send) for (const [serial, eids] of repeats) send(serial, eids).catch(this.onError);
  }

  /** Tells each unit which of its events are written (stored now or before, or unreadable: never stored). */
  private confirm(events: RawEvent[]): void {
    const send = this.o.confirm;
    if (!send) return;
    const bySerial = new Map<string, string[]>();
    for (const { serial, body } of events) {
      if (typeof body.eid !== 'string' || !body.eid) continue;
      const list = bySerial.get(serial) ?? [];
      list.push(body.eid);
      bySerial.set(serial, list);
    }
    for (const [serial, eids] of bySerial) send(serial, eids).catch(this.onError);
  }

  /** The devices whose last_seen_at is due (kept current at most every 30 s per device), counted as written. */
  private due(serials: string[]): string[] {
    const now = Date.now();
    const due = [...new Set(serials)].filter((s) => now - (this.seen.get(s) ?? 0) > SEEN_EVERY_MS);
    for (const s of due) this.seen.set(s, now);
    return due;
  }
}

const keysOf = (events: RawEvent[]): string[] =>
  events.map((e) => RecentEvents.key(e.serial, e.body)).filter((k): k is string => k !== null);

/**
 * A part's events in one order every writer uses (unit, then time, then eid): two writes that meet on the same
 * events (a unit's re-send taken by another instance, or by the next part while this one is stored) take their
 * row locks in the same order, so they wait for each other and never deadlock. A unit's events stay in time order.
 */
function inLockOrder(events: RawEvent[]): RawEvent[] {
  const key = (e: RawEvent) => [e.serial, String(e.body.time ?? ''), String(e.body.eid ?? '')] as const;
  return events
    .map((e) => ({ e, k: key(e) }))
    .sort((a, b) => cmp(a.k[0], b.k[0]) || cmp(a.k[1], b.k[1]) || cmp(a.k[2], b.k[2]))
    .map(({ e }) => e);
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
