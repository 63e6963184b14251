import { UNIT_KINDS, type UnitKind } from '@gatehouse/contracts';
import type { Db } from '../db/index.ts';
import { ONCE_KEYS, runOnce } from '../db/once.ts';
import type { UnitAdapter, UnitLink } from './adapters/contract.ts';
import { type ClaimedCommand, claimCommands, dueDevices, lockDevices, sentDevices, unclaim, unlockDevices } from './claim.ts';

/** The UnitLinks of door units (devices/adapters/links.ts), for the vendor kinds' adapters. */
export type LoadLinks = (deviceIds: readonly number[]) => Promise<Map<number, UnitLink>>;

const BATCH = 5000;
/** Devices locked at a time (each advisory lock takes a slot of PostgreSQL's shared lock table). */
const LOCK_PART = 1000;
/** Parts sent side by side (each on its own pooled connection; the pool has 10). */
const PARALLEL_PARTS = 3;
/** A device another instance is publishing to is asked for again after this. */
const BUSY_RETRY_MS = 50;

export interface DispatcherOptions {
  /** 'postgres': several instances may share the queue (claims in a transaction with device locks). */
  dbKind: 'pglite' | 'postgres';
  /** This instance (INSTANCE_ID), written to claimed_by. */
  instance: string;
  /** COMMAND_ACK_TIMEOUT_MS: a sent command not acknowledged within it is due again. */
  leaseMs: number;
}

/**
 * Sends queued commands to devices through their kind's adapter (devices/adapters/), one batch at a time, so the commands of one
 * device always leave in id order (after those of a higher priority). Every command
 * is claimed (devices/claim.ts: status 1, attempts + 1, a lease) by exactly one
 * instance before it is published; if the publish fails it goes back to 0 and the
 * next claim takes it. On PostgreSQL the claim and the publishes of a device happen
 * while this instance holds that device's advisory lock (on a connection of its own,
 * 1,000 devices at a time), so two instances never interleave one device's commands;
 * the claim commits at once, and an instance that dies after it leaves its commands
 * to the lease. `resend` also re-sends commands already sent but
 * not answered (a device came online: the command table, not the broker, is the
 * source of the queue); a sent command whose lease ran out is due again by itself.
 * Only units of a kind whose adapter delivers by push and is ready are claimed (a claim filter
 * on the unit's kind; the sweep leaves the others out in the same statement): a 'pull' kind's
 * adapter claims its units' commands itself when they ask.
 */
export class Dispatcher {
  /** Device id → resend commands sent before this time (null: only what is due). */
  private readonly wanted = new Map<number, Date | null>();
  private running: Promise<void> | null = null;
  /** Devices another instance was publishing to, asked for again when `retry` fires. */
  private readonly deferred = new Map<number, Date | null>();
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly adapters: ReadonlyMap<UnitKind, UnitAdapter>,
    private readonly loadLinks: LoadLinks,
    private readonly onError: (e: unknown) => void,
    private readonly o: DispatcherOptions = { dbKind: 'pglite', instance: 'local', leaseMs: 60_000 },
  ) {}

  /** `resendBefore`: the device came online at that time: re-send its sent commands published before it. */
  request(deviceIds: Iterable<number>, resendBefore?: Date): void {
    for (const id of deviceIds) {
      const had = this.wanted.get(id) ?? null;
      const since = resendBefore && (!had || had < resendBefore) ? resendBefore : had;
      this.wanted.set(id, since);
    }
    if (this.wanted.size && !this.running) {
      this.running = this.loop().finally(() => {
        this.running = null;
        if (this.wanted.size && this.ready()) this.request([]);
      });
    }
  }

  /** Resolves when nothing is being sent. */
  async idle(): Promise<void> {
    while (this.running || this.retry) {
      if (this.running) await this.running;
      else await new Promise((r) => setTimeout(r, BUSY_RETRY_MS));
    }
  }

  /** The kinds whose units are claimed now: push adapters that are ready. */
  private sendingKinds(): UnitKind[] {
    const kinds: UnitKind[] = [];
    for (const a of this.adapters.values()) if (a.delivery === 'push' && a.send && a.ready()) kinds.push(a.kind);
    return kinds;
  }

  /** Something can be sent (a push adapter is ready). */
  ready(): boolean {
    for (const a of this.adapters.values()) if (a.delivery === 'push' && a.send && a.ready()) return true;
    return false;
  }

  stop(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.deferred.clear();
  }

  /**
   * Asks for every device that has due commands (not sent, or a lease run out). On
   * PostgreSQL one instance at a time scans (an advisory lock); the claims make each
   * send happen once whoever scans.
   */
  async sweep(): Promise<void> {
    const kinds = this.sendingKinds();
    if (!kinds.length) return;
    const skip = UNIT_KINDS.filter((k) => !kinds.includes(k));
    let ids: number[] = [];
    await runOnce(this.db, this.o.dbKind, ONCE_KEYS.commandSweep, async () => {
      ids = await dueDevices(this.db, BATCH, skip);
    });
    if (ids.length) this.request(ids);
  }

  /**
   * The connection to a kind's units came back (e.g. the broker restarted without persistence: the
   * commands it held for them are gone): re-sends that kind's commands published before `at` and not
   * answered, now rather than when their leases end. A unit that already applied one answers again.
   */
  async resendSentBefore(kind: UnitKind, at: Date): Promise<void> {
    const ids = await sentDevices(this.db, kind, at);
    if (ids.length) this.request(ids, at);
  }

  private async loop(): Promise<void> {
    while (this.wanted.size && this.ready()) {
      const batch = new Map(this.wanted);
      this.wanted.clear();
      try {
        await this.flush(batch);
      } catch (e) {
        this.onError(e);
        return;
      }
    }
  }

  private async flush(batch: Map<number, Date | null>): Promise<void> {
    if (this.o.dbKind === 'pglite') {
      // One process, one instance: a plain claim (no transaction held across the publishes).
      const rows = await this.claim(this.db, [...batch.keys()], batch);
      await unclaim(this.db, await this.send(rows));
      return;
    }
    // Several instances may share the queue: a connection of our own holds the device locks while we publish.
    // Parts of different devices go out side by side (a device is in one part only, so its order holds).
    const ids = [...batch.keys()];
    const parts: number[][] = [];
    for (let i = 0; i < ids.length; i += LOCK_PART) parts.push(ids.slice(i, i + LOCK_PART));
    const worker = async () => {
      for (let part = parts.shift(); part; part = parts.shift()) {
        const mine = part;
        await this.db.connection().execute(async (conn) => {
          const { locked, busy } = await lockDevices(conn, mine);
          if (busy.length) this.later(busy, batch);
          try {
            const rows = await this.claim(conn, locked, batch);
            await unclaim(conn, await this.send(rows));
          } finally {
            await unlockDevices(conn, locked);
          }
        });
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_PARTS, parts.length) }, worker));
  }

  private async claim(db: Db, ids: number[], batch: Map<number, Date | null>): Promise<ClaimedCommand[]> {
    const resend = ids.flatMap((id) => {
      const since = batch.get(id);
      return since ? [{ id, since }] : [];
    });
    const kinds = this.sendingKinds();
    if (!kinds.length) return [];
    const rows = await claimCommands(db, ids, resend, { instance: this.o.instance, leaseMs: this.o.leaseMs, limit: BATCH, kinds });
    // A full batch: there may be more; ask again (only what is due now: the resent ones are claimed).
    if (rows.length === BATCH) for (const id of ids) if (!this.wanted.has(id)) this.wanted.set(id, null);
    return rows;
  }

  /** Devices another instance holds: asked for again shortly (it may have left some due). */
  private later(ids: number[], batch: Map<number, Date | null>): void {
    for (const id of ids) this.deferred.set(id, batch.get(id) ?? null);
    if (this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      const again = new Map(this.deferred);
      this.deferred.clear();
      for (const [id, since] of again) this.request([id], since ?? undefined);
    }, BUSY_RETRY_MS);
  }

  /**
   * Hands claimed commands to their kind's adapter (the kinds side by side; a unit's in order);
   * answers the ids that did not reach their unit (an adapter that throws or is gone: all of its).
   */
  private async send(rows: ClaimedCommand[]): Promise<number[]> {
    if (!rows.length) return [];
    const byKind = new Map<UnitKind, ClaimedCommand[]>();
    for (const r of rows) {
      const list = byKind.get(r.unit_kind);
      if (list) list.push(r);
      else byKind.set(r.unit_kind, [r]);
    }
    // Our own units are addressed by the claimed serial alone (no statement more); vendor units get their
    // address and opened credentials, read for all of them at once.
    const vendorIds = [...new Set(rows.filter((r) => r.unit_kind !== 'gatehouse-mqtt').map((r) => r.device_id))];
    const links = vendorIds.length ? await this.loadLinks(vendorIds) : new Map<number, UnitLink>();
    const failed = await Promise.all(
      [...byKind].map(async ([kind, cmds]) => {
        const adapter = this.adapters.get(kind);
        if (!adapter?.send) return cmds.map((c) => c.id);
        try {
          return await adapter.send(links, cmds);
        } catch (e) {
          this.onError(e);
          return cmds.map((c) => c.id);
        }
      }),
    );
    return failed.flat();
  }
}
