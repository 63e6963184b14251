import { SERIAL_PATTERN } from '@gatehouse/contracts';
import { sql } from 'kysely';
import { anyInt, anyText } from '../../../db/sql.ts';
import type { AdapterContext } from '../../adapters/contract.ts';
import { tickBatch } from '../../tick-batch.ts';

/**
 * Which ZKTeco terminals may speak, and whether they are online (docs/devices/zkteco.md
 * "Security"). PUSH names a terminal by its serial alone: only serials of the device pool
 * whose kind is `zk-push` are answered. The first terminal that speaks with a serial is bound
 * to it (zk_terminal: when, from which address); a request with that serial from another
 * address while the bound terminal is online (it polled within the online window) is refused;
 * once it is offline, the new address takes the binding over (logged). Refusals are logged at
 * most once a minute per serial and reason.
 */

export interface ZkOptions {
  /** Seconds between a terminal's polls (the handshake's `Delay`). */
  delaySec: number;
  /** A terminal that has not polled for this long is offline (default 3 × Delay). */
  onlineWindowMs: number;
  /** The terminals' clock zone (IANA): their local times and validity dates are read and written in it. */
  timeZone: string;
  /** How often the online states are checked. */
  sweepMs: number;
}

export interface Admitted {
  id: number;
  serial: string;
  addressId: number | null;
}

export type Refusal = 'unknown' | 'second-terminal' | 'malformed' | 'too-large';

/** A refusal's answer: the status and the protocol's error text (nothing that says why). */
export const REFUSED: Readonly<Record<Refusal, number>> = { unknown: 403, 'second-terminal': 409, malformed: 400, 'too-large': 413 };

interface Known {
  at: number;
  dev: { id: number; kind: string; addressId: number | null } | null;
}

const CACHE_MS = 2000;
const LOG_EVERY_MS = 60_000;
const HEARTBEAT_EVERY_MS = 60_000;
const MAX_TRACKED = 10_000;

export class Terminals {
  private readonly known = new Map<string, Known>();
  /** Device id → bound address, as last read or written by this instance. */
  private readonly bound = new Map<number, string>();
  private readonly lastPoll = new Map<number, { serial: string; at: number; written: number; beat: number }>();
  private readonly online = new Set<number>();
  private readonly logged = new Map<string, number>();
  private readonly firmware = new Map<number, string>();
  private timer: NodeJS.Timeout | null = null;
  /** Refusals counted per reason (the bench and tests read them). */
  readonly refusals: Record<Refusal, number> = { unknown: 0, 'second-terminal': 0, malformed: 0, 'too-large': 0 };

  constructor(
    private readonly ctx: AdapterContext,
    readonly opts: ZkOptions,
  ) {}

  /** Logs a refusal at most once a minute per serial and reason (no log flood from a stray terminal). */
  refuse(reason: Refusal, serial: string, ip: string, detail = ''): { status: number; type: string; body: string } {
    this.refusals[reason]++;
    const key = `${reason}\u0000${serial}`;
    const now = Date.now();
    if (now - (this.logged.get(key) ?? 0) >= LOG_EVERY_MS) {
      if (this.logged.size > MAX_TRACKED) this.logged.clear();
      this.logged.set(key, now);
      this.ctx.log.warn({ serial: serial.slice(0, 40), ip, reason, detail: detail.slice(0, 200) }, 'zk-push: request refused');
    }
    return { status: REFUSED[reason], type: 'text/plain', body: 'ERROR' };
  }

  /** The unit of a serial, read at most every CACHE_MS (a kind or binding changed is seen within it). */
  private async device(serial: string): Promise<Known['dev']> {
    const now = Date.now();
    const hit = this.known.get(serial);
    if (hit && now - hit.at < CACHE_MS) return hit.dev;
    const dev = await this.readDevice(serial);
    if (this.known.size > MAX_TRACKED) this.known.clear();
    this.known.set(serial, { at: now, dev });
    return dev;
  }

  /** The serials asked in the same moment, read with one statement (devices/tick-batch.ts). */
  private readonly readDevice = tickBatch(async (serials: string[]) => {
    const rows = await this.ctx.db
      .selectFrom('device')
      .leftJoin('zk_terminal as z', 'z.device_id', 'device.id')
      .select(['device.serial', 'device.id', 'device.unit_kind', 'device.address_id', 'z.last_ip'])
      .where('device.serial', '=', anyText(serials))
      .execute();
    for (const r of rows) if (r.last_ip) this.bound.set(r.id, r.last_ip);
    return new Map(rows.map((r) => [r.serial, { id: r.id, kind: r.unit_kind, addressId: r.address_id }]));
  }, null);

  /** Polls of the same moment write their last_poll_at with one statement. */
  private readonly writePoll = tickBatch(async (ids: number[]) => {
    await this.ctx.db.updateTable('zk_terminal').set({ last_poll_at: sql<Date>`now()` }).where('device_id', '=', anyInt(ids)).execute();
    return new Map<number, true>();
  }, true);

  /**
   * Whether this request may be answered: a `zk-push` serial of the pool, from the address
   * its terminal is bound to (or binding it). Answers the unit, or the refusal to send.
   */
  async admit(serialText: string | undefined, ip: string): Promise<{ ok: Admitted } | { refused: ReturnType<Terminals['refuse']> }> {
    const serial = (serialText ?? '').trim();
    if (!serial || serial.length > 40 || !SERIAL_PATTERN.test(serial)) return { refused: this.refuse('unknown', serial || '-', ip) };
    const dev = await this.device(serial);
    if (dev?.kind !== 'zk-push') return { refused: this.refuse('unknown', serial, ip) };
    const bound = this.bound.get(dev.id);
    if (bound !== ip) {
      const taken = await this.bind(dev.id, ip);
      if (!taken) return { refused: this.refuse('second-terminal', serial, ip, `bound to ${bound ?? '?'}`) };
    }
    return { ok: { id: dev.id, serial, addressId: dev.addressId } };
  }

  /**
   * Binds the unit to the terminal at `ip`: the first terminal seen; or another address once
   * the bound one is offline (no poll within the online window). False while the bound one is online.
   */
  private async bind(deviceId: number, ip: string): Promise<boolean> {
    const windowMs = this.opts.onlineWindowMs;
    await this.ctx.db
      .insertInto('zk_terminal')
      .values({ device_id: deviceId, first_ip: ip, last_ip: ip, last_poll_at: sql<Date>`now()` })
      .onConflict((oc) => oc.column('device_id').doNothing())
      .execute();
    const moved = await this.ctx.db
      .updateTable('zk_terminal')
      .set({ last_ip: ip, last_poll_at: sql<Date>`now()` })
      .where('device_id', '=', deviceId)
      .where((eb) =>
        eb.or([
          eb('last_ip', '=', ip),
          eb('last_poll_at', 'is', null),
          eb('last_poll_at', '<', sql<Date>`now() - ${windowMs} * interval '1 millisecond'`),
        ]),
      )
      .returning(['first_ip', 'first_seen_at'])
      .executeTakeFirst();
    if (!moved) return false;
    const was = this.bound.get(deviceId);
    if (was && was !== ip) this.ctx.log.info({ deviceId, from: was, to: ip }, 'zk-push: terminal moved to a new address');
    this.bound.set(deviceId, ip);
    return true;
  }

  /** What the handshake or an options upload said the terminal runs. */
  noteFirmware(deviceId: number, firmware: string, pushVersion?: string, deviceType?: string): void {
    if (firmware) this.firmware.set(deviceId, firmware.slice(0, 50));
    if (pushVersion !== undefined)
      void this.ctx.db
        .updateTable('zk_terminal')
        .set({ push_version: pushVersion.slice(0, 20), device_type: (deviceType ?? '').slice(0, 20) })
        .where('device_id', '=', deviceId)
        .execute()
        .catch((e) => this.ctx.log.error(e));
  }

  /** The terminal spoke (a handshake or a poll): online, its heartbeat now and then, last poll written every Delay/2. */
  async seen(dev: Admitted): Promise<void> {
    const now = Date.now();
    const firmware = this.firmware.get(dev.id) ?? 'ZKTeco PUSH';
    let p = this.lastPoll.get(dev.id);
    if (!p) {
      p = { serial: dev.serial, at: now, written: now, beat: 0 };
      this.lastPoll.set(dev.id, p);
    }
    p.at = now;
    if (now - p.written > (this.opts.delaySec * 1000) / 2) {
      p.written = now;
      await this.writePoll(dev.id);
    }
    if (!this.online.has(dev.id)) {
      this.online.add(dev.id);
      await this.ctx.reports.status(dev.serial, { online: true, firmware });
    }
    if (now - p.beat >= HEARTBEAT_EVERY_MS) {
      p.beat = now;
      await this.ctx.reports.heartbeat(dev.serial, { firmware, uptimeS: 0, freeStorageBytes: 0 });
    }
  }

  /** Terminals silent longer than the online window go offline. */
  async sweep(): Promise<void> {
    const now = Date.now();
    for (const [id, p] of this.lastPoll) {
      if (now - p.at <= this.opts.onlineWindowMs) continue;
      this.lastPoll.delete(id);
      if (this.online.delete(id)) await this.ctx.reports.status(p.serial, { online: false });
    }
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.sweep().catch((e) => this.ctx.log.error(e)), this.opts.sweepMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
