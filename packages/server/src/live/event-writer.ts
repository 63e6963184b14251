import type { LiveAccess, LiveAlarm, LiveCommand, LiveDevice, LiveKind } from '@gatehouse/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { AccessNews, AlarmNews, CommandNews, DeviceNews, News } from '../devices/news.ts';
import { formatDateTime } from '../http/dates.ts';

/** The NOTIFY channel every instance listens on (payload: the newest live_event id). */
export const LIVE_CHANNEL = 'gatehouse_live';
/** Serialises live_event writes on PostgreSQL so ids commit in order across instances. */
const WRITE_LOCK = 0x6c697665; // 'live'

type Row = { kind: LiveKind; community_id: number | null; data: string };

/** Access events as the live stream shows them (the access log's rows), given their ids: the event-log area's. */
export type AccessPresenter = (db: Db, tz: string, eventIds: number[]) => Promise<LiveAccess[]>;

/**
 * Writes what `news` tells into the live_event table (the rows every instance's hub reads and
 * sends) and announces it (NOTIFY in the same transaction, delivered at commit) — once, on the
 * instance that consumed the device message. Writes are chained, so this instance's events
 * keep their order.
 */
export class LiveEventWriter {
  private chain: Promise<void> = Promise.resolve();
  private readonly offs: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly kind: 'pglite' | 'postgres',
    private readonly tz: string,
    private readonly onError: (e: unknown) => void,
    private readonly presentAccess: AccessPresenter,
  ) {}

  listen(news: News): void {
    this.offs.push(
      news.on('access', (n) => this.enqueue(() => this.accessRows(n))),
      news.on('device', (n) => this.enqueue(() => this.deviceRows([n]))),
      news.on('command', (n) => this.enqueue(async () => this.commandRows(n))),
      news.on('alarm', (n) => this.enqueue(async () => this.alarmRows(n))),
    );
  }

  /** Resolves once everything told so far is written. */
  idle(): Promise<void> {
    return this.chain;
  }

  stop(): void {
    for (const off of this.offs.splice(0)) off();
  }

  /** Publishes device rows directly (device health changes that have no news of their own). */
  publishDevices(news: DeviceNews[]): void {
    if (news.length) this.enqueue(() => this.deviceRows(news));
  }

  private enqueue(build: () => Promise<Row[]>): void {
    this.chain = this.chain.then(async () => {
      try {
        const rows = await build();
        if (rows.length) await this.write(rows);
      } catch (e) {
        this.onError(e);
      }
    });
  }

  private async write(rows: Row[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (this.kind === 'postgres') await sql`select pg_advisory_xact_lock(${WRITE_LOCK})`.execute(trx);
      const ids = await trx.insertInto('live_event').values(rows).returning('id').execute();
      const last = ids.reduce((m, r) => Math.max(m, Number(r.id)), 0);
      await sql`select pg_notify(${LIVE_CHANNEL}, ${String(last)})`.execute(trx);
    });
  }

  /** Access events as access-log rows (community and address names joined in one query). */
  private async accessRows(news: AccessNews[]): Promise<Row[]> {
    const ids = news.filter((n) => !n.isWork).map((n) => n.id);
    if (!ids.length) return [];
    const rows = await this.presentAccess(this.db, this.tz, ids);
    return rows.map((data) => ({ kind: 'access', community_id: data.communityId, data: JSON.stringify(data) }));
  }

  private async deviceRows(news: DeviceNews[]): Promise<Row[]> {
    const rows = await this.db
      .selectFrom('device')
      .select(['id', 'address_id', 'serial', 'online', 'firmware', 'last_seen_at'])
      .where(
        'id',
        'in',
        news.map((n) => n.deviceId),
      )
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return news.flatMap((n) => {
      const r = byId.get(n.deviceId);
      if (!r) return [];
      const data: LiveDevice = {
        deviceId: n.deviceId,
        addressId: r.address_id,
        communityId: n.communityId,
        serial: n.serial,
        online: n.online,
        firmware: r.firmware,
        lastSeen: r.last_seen_at ? formatDateTime(r.last_seen_at, this.tz) : null,
      };
      return [{ kind: 'device' as const, community_id: n.communityId, data: JSON.stringify(data) }];
    });
  }

  private commandRows(news: CommandNews[]): Row[] {
    const now = formatDateTime(new Date(), this.tz);
    return news.map((n) => {
      const data: LiveCommand = { ...n, updateTime: now };
      return { kind: 'command', community_id: n.communityId, data: JSON.stringify(data) };
    });
  }

  private alarmRows(news: AlarmNews[]): Row[] {
    return news.map((n) => {
      const data: LiveAlarm = { ...n };
      return { kind: 'alarm', community_id: n.communityId, data: JSON.stringify(data) };
    });
  }
}
