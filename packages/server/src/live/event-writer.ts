import type { LiveAccess, LiveAlarm, LiveCommand, LiveDevice, LiveKind } from '@gatehouse/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { AlarmNews, CommandNews, DeviceNews, News, StoredAccessEvent, WritePart } from '../devices/news.ts';
import { formatDateTime } from '../http/dates.ts';

/** The NOTIFY channel every instance listens on (payload: the newest live_event id). */
export const LIVE_CHANNEL = 'gatehouse_live';
/**
 * The kind of a live_event row holding the access events of one write for one community (a JSON array, one SSE
 * frame each, `access`): one row, not one an event, so a burst of events costs the outbox a few rows.
 */
export const ACCESS_BATCH = 'access-batch';
/** Serialises live_event writes on PostgreSQL so ids commit in order across instances. */
const WRITE_LOCK = 0x6c697665; // 'live'

type Row = { kind: LiveKind; community_id: number | null; data: string };

/** Access events as the live stream shows them (the access log's rows), from the stored rows: the event-log area's. */
export type AccessPresenter = (tz: string, row: StoredAccessEvent) => LiveAccess;

/**
 * Writes what `news` tells into the live_event table (the rows every instance's hub reads and sends) and announces it (NOTIFY in the
 * same transaction, delivered at commit) — once, on the instance that consumed the
 * device message. Writes are chained, so this instance's events keep their order; access
 * events are written by the intake's statement after their own (`News.write`: with the
 * webhook deliveries, one round trip), the write lock and NOTIFY in that statement.
 */
export class LiveEventWriter {
  private chain: Promise<void> = Promise.resolve();
  private readonly offs: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly kind: 'pglite' | 'postgres',
    private readonly tz: string,
    private readonly onError: (e: unknown) => void,
    private readonly presentAccess: AccessPresenter | null,
  ) {}

  listen(news: News): void {
    this.offs.push(
      news.onWrite('access', (rows) => this.accessParts(rows)),
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

  /**
   * Access events (not punches) as access-log rows, written by the intake's statement (`News.write`):
   * one row a community (ACCESS_BATCH, the rows in the order stored), the outbox lock taken before
   * the rows get their ids (held to the statement's commit, as `write` holds it), then the NOTIFY of the newest id.
   */
  private accessParts(stored: StoredAccessEvent[]): WritePart[] {
    const present = this.presentAccess;
    if (!present) return [];
    const byCommunity = new Map<number | null, string[]>();
    for (const r of stored) {
      if (r.is_work) continue;
      const shown = present(this.tz, r);
      const list = byCommunity.get(shown.communityId) ?? [];
      list.push(JSON.stringify(shown));
      byCommunity.set(shown.communityId, list);
    }
    if (!byCommunity.size) return [];
    const lock = this.kind === 'postgres' ? sql`cross join (select pg_advisory_xact_lock(${WRITE_LOCK}::bigint)) l` : sql``;
    const communities = [...byCommunity.keys()];
    const data = [...byCommunity.values()].map((rows) => `[${rows.join(',')}]`);
    return [
      {
        name: 'live_rows',
        body: sql`insert into live_event (kind, community_id, data)
          select ${ACCESS_BATCH}, r.community_id, r.data::jsonb
          from unnest(${communities}::int[], ${data}::text[]) with ordinality as r(community_id, data, n) ${lock}
          order by r.n
          returning id`,
      },
      { name: 'live_notify', body: sql`select pg_notify(${LIVE_CHANNEL}, max(id)::text) from live_rows having count(*) > 0` },
    ];
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
