import { CMD_STATUS, type CmdStatus, PENDING_CMD_STATUSES } from '@gatehouse/contracts';
import { sql } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/index.ts';
import type { AccessNews, News } from '../devices/news.ts';

/** Label values of `gatehouse_commands`' status (CMD_STATUS). */
const COMMAND_STATUS_LABELS: Record<CmdStatus, string> = {
  [CMD_STATUS.notSent]: 'not_sent',
  [CMD_STATUS.sent]: 'sent',
  [CMD_STATUS.success]: 'success',
  [CMD_STATUS.failed]: 'failed',
  [CMD_STATUS.cancelled]: 'cancelled',
};

/** What became of one webhook delivery attempt (`gatehouse_webhook_deliveries_total`'s result). */
export type DeliveryResult = 'delivered' | 'retry' | 'failed';

/** Ingest lag buckets, seconds: from the usual sub-second to a unit that was offline for a day. */
const LAG_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600, 21_600, 86_400];

export interface MetricsDeps {
  db: Db;
  news: News;
  /** Open live streams of this instance. */
  liveClients: () => number;
  onError: (e: unknown) => void;
}

/**
 * This instance's Prometheus metrics (`GET /metrics`, docs/operations.md "Metrics"), in a registry
 * of its own (several apps may run in one process). Counters are counted here as things happen;
 * the queue and door-unit gauges are read from the database when scraped, so every instance
 * reports the same shared figures, and its own requests, events, streams and deliveries.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status'>;
  private readonly ingested: Counter;
  private readonly lag: Histogram;
  private readonly deliveries: Counter<'result'>;
  private readonly stopListening: () => void;

  constructor(deps: MetricsDeps) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests answered by this instance, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.ingested = new Counter({
      name: 'gatehouse_events_ingested_total',
      help: 'Access and punch events from door units newly stored by this instance',
      registers,
    });
    this.lag = new Histogram({
      name: 'gatehouse_event_ingest_lag_seconds',
      help: 'Time from an access event on its door unit to its storing by this instance',
      buckets: LAG_BUCKETS,
      registers,
    });
    this.deliveries = new Counter({
      name: 'gatehouse_webhook_deliveries_total',
      help: 'Webhook delivery attempts by this instance, by result (delivered, retry: failed and tried again later, failed: given up)',
      labelNames: ['result'],
      registers,
    });
    for (const result of ['delivered', 'retry', 'failed'] as const) this.deliveries.inc({ result }, 0);
    new Gauge({
      name: 'gatehouse_live_clients',
      help: 'Live streams (browser tabs) open on this instance',
      registers,
      collect() {
        this.set(deps.liveClients());
      },
    });
    this.databaseGauges(deps);
    this.stopListening = deps.news.on('access', (list) => this.accessStored(list));
  }

  /** The command queue and the door units, read from the shared database at each scrape. */
  private databaseGauges({ db, onError }: MetricsDeps): void {
    const registers = [this.registry];
    new Gauge({
      name: 'gatehouse_commands',
      help: 'Commands to door units in the queue, by status',
      labelNames: ['status'],
      registers,
      async collect() {
        const rows = await db
          .selectFrom('command')
          .select(['status', sql<number>`count(*)::int`.as('n')])
          .groupBy('status')
          .execute()
          .catch(onError);
        const counts = new Map((rows ?? []).map((r) => [r.status, r.n]));
        this.reset();
        if (rows)
          for (const [status, label] of Object.entries(COMMAND_STATUS_LABELS)) this.set({ status: label }, counts.get(Number(status)) ?? 0);
      },
    });
    new Gauge({
      name: 'gatehouse_command_oldest_pending_seconds',
      help: 'Age of the oldest command not answered yet (not sent, or sent and unanswered); 0 when none',
      registers,
      async collect() {
        const row = await db
          .selectFrom('command')
          .select(sql<number>`coalesce(extract(epoch from now() - min(created_at)), 0)::float8`.as('age'))
          .where('status', 'in', PENDING_CMD_STATUSES)
          .executeTakeFirst()
          .catch(onError);
        this.reset();
        if (row) this.set(Math.max(0, Number(row.age)));
      },
    });
    new Gauge({
      name: 'gatehouse_door_units',
      help: 'Door units bound to an address, by state (online, offline)',
      labelNames: ['state'],
      registers,
      async collect() {
        const rows = await db
          .selectFrom('device')
          .select(['online', sql<number>`count(*)::int`.as('n')])
          .where('address_id', 'is not', null)
          .groupBy('online')
          .execute()
          .catch(onError);
        this.reset();
        if (!rows) return;
        const of = (online: boolean) => rows.find((r) => r.online === online)?.n ?? 0;
        this.set({ state: 'online' }, of(true));
        this.set({ state: 'offline' }, of(false));
      },
    });
  }

  /** One answered request; `route` is the route's pattern (null: no route matched). */
  requestDone(method: string, route: string | undefined, status: number, seconds: number): void {
    this.requests.observe({ method, route: route ?? 'unmatched', status: String(status) }, seconds);
  }

  /** Access events this instance just stored (device news). */
  private accessStored(list: AccessNews[]): void {
    this.ingested.inc(list.length);
    const now = Date.now();
    for (const e of list) this.lag.observe(Math.max(0, (now - e.time.getTime()) / 1000));
  }

  webhookDelivery(result: DeliveryResult): void {
    this.deliveries.inc({ result });
  }

  close(): void {
    this.stopListening();
    this.registry.clear();
  }
}
