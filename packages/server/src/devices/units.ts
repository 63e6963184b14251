import type { UnitKind } from '@gatehouse/contracts';
import type { Logger } from 'pino';
import type { Db } from '../db/index.ts';
import type { AdapterContext, AdapterFactory, UnitAdapter, UnitReports, UnitRoute } from './adapters/contract.ts';
import { loadUnitLinks } from './adapters/links.ts';
import { Dispatcher } from './dispatcher.ts';
import { Inbound } from './inbound.ts';
import { startSweeps } from './lease-wake.ts';
import type { News } from './news.ts';
import type { UnitRate } from './unit-throttle.ts';

export interface UnitsOptions {
  db: Db;
  log: Logger;
  /** 'postgres': the queue may be shared with other instances (claims hold device locks). */
  dbKind: 'pglite' | 'postgres';
  /** This instance (INSTANCE_ID): the claimed_by of what it sends. */
  instance: string;
  /** COMMAND_ACK_TIMEOUT_MS. */
  leaseMs: number;
  /** The periodic sweep of due commands (default 10 s). */
  sweepMs?: number;
  /** Told what the units' reports wrote. */
  news?: News;
  /** Opens a vendor unit's sealed password (devices/adapters/contract.ts, AdapterContext); default: none opens. */
  unseal?(sealed: string | null): string | null;
  /** The vendor kinds' adapters (devices/adapters/index.ts); default none. */
  factories?: readonly AdapterFactory[];
  /** Events per unit (DEVICE_EVENTS_PER_S, DEVICE_EVENT_BURST; devices/unit-throttle.ts). */
  eventRate?: UnitRate;
  /** Confirms stored events to an MQTT unit on `evack` (gateway.ts); absent without a broker. */
  confirmEvents?: (serial: string, eids: string[]) => Promise<void>;
}

/** The Inbound path (devices/inbound.ts) as every kind's adapter reports through it. */
export const reportsOf = (inbound: Inbound): UnitReports => ({
  ack: (serial, ack) => inbound.ack(serial, ack),
  event: (serial, event) => inbound.event(serial, event),
  status: (serial, status, replayed) => inbound.status(serial, status, replayed),
  events: (serial, events) => inbound.eventBatch(serial, events),
  heartbeat: (serial, beat) => inbound.heartbeat(serial, beat),
});

/**
 * Every door unit, whatever its kind (issue 33): one report path (Inbound), one dispatcher that
 * claims due commands and hands each unit's to its kind's adapter, the adapters themselves (built
 * here with one AdapterContext; the MQTT one only when the server has a broker), their background
 * work and the HTTP routes their units call. Units of a kind with no ready push adapter are left to
 * the sweep (or, for a 'pull' kind, to their adapter's own claim).
 */
export class Units {
  readonly inbound: Inbound;
  readonly dispatcher: Dispatcher;
  readonly adapters = new Map<UnitKind, UnitAdapter>();
  private sweeper: { stop(): void } | null = null;

  constructor(
    private readonly o: UnitsOptions,
    mqtt: AdapterFactory | null,
  ) {
    const onError = (e: unknown) => o.log.error({ err: e }, 'device gateway');
    const unseal = o.unseal ?? (() => null);
    this.dispatcher = new Dispatcher(o.db, this.adapters, (ids) => loadUnitLinks(o.db, ids, unseal), onError, {
      dbKind: o.dbKind,
      instance: o.instance,
      leaseMs: o.leaseMs,
    });
    this.inbound = new Inbound(o.db, (deviceId, since) => this.dispatcher.request([deviceId], since), onError, o.news, {
      confirm: o.confirmEvents,
      rate: o.eventRate,
      onThrottled: (serial, refused) => o.log.warn({ serial, refused }, 'door unit over its event rate: events refused'),
    });
    const ctx: AdapterContext = {
      db: o.db,
      log: o.log,
      reports: reportsOf(this.inbound),
      unseal,
      dispatch: (ids) => this.dispatcher.request(ids),
      leaseMs: o.leaseMs,
      instance: o.instance,
    };
    for (const make of [...(mqtt ? [mqtt] : []), ...(o.factories ?? [])]) {
      const adapter = make(ctx);
      if (this.adapters.has(adapter.kind)) throw new Error(`two adapters for unit kind ${adapter.kind}`);
      this.adapters.set(adapter.kind, adapter);
    }
  }

  /** Starts the adapters' background work and the sweep; sends what is due now. */
  async start(): Promise<void> {
    for (const a of this.adapters.values()) a.start?.();
    await this.dispatcher.sweep();
    this.sweeper = startSweeps(this.o.db, () => this.dispatcher.sweep(), {
      everyMs: this.o.sweepMs ?? 10_000,
      canSweep: () => this.dispatcher.ready(),
      onError: (e) => this.o.log.error({ err: e }, 'device gateway'),
    });
  }

  /** The routes the units of every kind call (served outside /api by the app). */
  routes(): UnitRoute[] {
    return [...this.adapters.values()].flatMap((a) => a.routes?.() ?? []);
  }

  /** Stops sending: the sweep, the adapters' background work, then waits for the sends under way. */
  async stopSending(): Promise<void> {
    this.sweeper?.stop();
    this.sweeper = null;
    this.dispatcher.stop();
    for (const a of this.adapters.values()) await a.stop?.().catch((e) => this.o.log.error({ err: e }, 'device adapter stop'));
    await this.dispatcher.idle().catch(() => {});
  }

  /** Writes what the units reported (acks, events, status changes); after the last report. */
  async drain(): Promise<void> {
    await this.inbound.idle().catch(() => {});
    this.inbound.stop();
  }

  /** Resolves once the work queued so far (dispatch, reports) is written. */
  async idle(): Promise<void> {
    await this.dispatcher.idle();
    await this.inbound.idle();
    await this.dispatcher.idle();
  }
}
