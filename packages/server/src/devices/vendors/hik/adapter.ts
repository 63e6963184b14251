import type { Db } from '../../../db/index.ts';
import type { AdapterContext, AdapterFactory, UnitAdapter, UnitLink, UnitRoute } from '../../adapters/contract.ts';
import type { ClaimedCommand } from '../../claim.ts';
import { applyCommand, type Terminal } from './apply.ts';
import { HikClient, HikFault, HikUnreachable } from './client.ts';
import { claimPolls } from './poll-claim.ts';
import { fromSearch, toProtocolEvent } from './events.ts';
import { callbackKey, eventRoute, eventUrl } from './routes.ts';
import { acsEventBody, httpHostBody, ISAPI, offsetOf } from './translate.ts';

/**
 * The adapter of Hikvision ISAPI terminals (kind `hik-isapi`, delivery `push`; docs/devices/hikvision.md).
 * Commands: each claimed command becomes its ISAPI calls, acked with the terminal's answer.
 * Online state: `/ISAPI/System/deviceInfo` every `pollMs`; an unreachable terminal is offline and
 * tried again with back-off, its commands staying pending. Events: the terminal posts them to the
 * listening host this adapter configures, and every poll searches the event log from the last
 * stored serial number (so a gap, a restart or a lost post loses nothing; eids keep repeats out).
 */

export interface HikSettings {
  /** The server's base URL as terminals reach it (DEVICE_CALLBACK_URL); null: events by the search only. */
  callbackUrl: string | null;
  /** Heartbeat / catch-up period (HIK_POLL_MS). */
  pollMs: number;
  /** One ISAPI request's timeout (HIK_TIMEOUT_MS). */
  timeoutMs: number;
  /** Longest wait between tries at an unreachable terminal. */
  backoffMaxMs?: number;
  /** Event search pages read per terminal and poll (30 events a page). */
  catchUpPages?: number;
}

/** The settings from the server's configuration. */
export const hikSettingsOf = (c: { DEVICE_CALLBACK_URL?: string; HIK_POLL_MS: number; HIK_TIMEOUT_MS: number }): HikSettings => ({
  callbackUrl: c.DEVICE_CALLBACK_URL ?? null,
  pollMs: c.HIK_POLL_MS,
  timeoutMs: c.HIK_TIMEOUT_MS,
});

/** The hik-isapi units bound to a door unit (all, or these ids), with their credentials opened. */
export async function hikLinks(db: Db, unseal: (s: string | null) => string | null, ids?: number[]): Promise<UnitLink[]> {
  let q = db
    .selectFrom('device')
    .select(['id', 'serial', 'unit_kind', 'vendor_host', 'vendor_port', 'vendor_user', 'vendor_secret_box', 'online'])
    .where('unit_kind', '=', 'hik-isapi')
    .where('address_id', 'is not', null);
  if (ids) q = q.where('id', 'in', ids.length ? ids : [-1]);
  const rows = await q.orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    serial: r.serial,
    kind: r.unit_kind,
    host: r.vendor_host,
    port: r.vendor_port,
    username: r.vendor_user,
    password: unseal(r.vendor_secret_box),
    online: r.online,
  }));
}

interface UnitState {
  client: HikClient | null;
  offset: number | null;
  failures: number;
  retryAt: number;
  /** The listening host was configured since the terminal was last reached. */
  hostSet: boolean;
}

class HikAdapter implements UnitAdapter {
  readonly kind = 'hik-isapi' as const;
  readonly delivery = 'push' as const;
  private readonly units = new Map<number, UnitState>();
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private stopped = false;
  private key: Promise<Buffer> | null = null;
  private readonly backoffMax: number;

  constructor(
    private readonly ctx: AdapterContext,
    private readonly s: HikSettings,
  ) {
    this.backoffMax = s.backoffMaxMs ?? Math.max(s.pollMs, 300_000);
  }

  ready(): boolean {
    return true;
  }

  private callbackKey(): Promise<Buffer> {
    this.key ??= callbackKey(this.ctx.db).catch((e: unknown) => {
      this.key = null;
      throw e;
    });
    return this.key;
  }

  routes(): UnitRoute[] {
    return [eventRoute(this.ctx.db, this.ctx.reports, () => this.callbackKey())];
  }

  private state(link: UnitLink): UnitState {
    let u = this.units.get(link.id);
    if (!u) {
      u = { client: null, offset: null, failures: 0, retryAt: 0, hostSet: false };
      this.units.set(link.id, u);
    }
    if (link.host && link.port && link.username && link.password !== null) {
      const o = { host: link.host, port: link.port, username: link.username, password: link.password, timeoutMs: this.s.timeoutMs };
      if (!u.client?.sameAs(o)) {
        u.client = new HikClient(o);
        u.offset = null;
        u.hostSet = false;
      }
    } else u.client = null;
    return u;
  }

  private terminal(link: UnitLink, u: UnitState, client: HikClient): Terminal {
    return {
      deviceId: link.id,
      client,
      offset: async () => {
        if (u.offset !== null) return u.offset;
        try {
          const t = await client.json<{ Time?: { localTime?: string } }>('GET', ISAPI.time);
          const off = offsetOf(t.Time?.localTime);
          if (off !== null) u.offset = off;
          return off ?? 0;
        } catch (e) {
          // A terminal without the time call: its validity is read as UTC. Any other failure fails the command.
          if (e instanceof HikFault && e.message.includes('notSupport')) return 0;
          throw e;
        }
      },
    };
  }

  private reached(u: UnitState): void {
    u.failures = 0;
    u.retryAt = 0;
  }

  private async lost(link: UnitLink, u: UnitState, why: string): Promise<void> {
    u.failures++;
    u.retryAt = Date.now() + Math.min(this.s.pollMs * 2 ** (u.failures - 1), this.backoffMax);
    u.hostSet = false;
    if (u.failures === 1) this.ctx.log.warn({ serial: link.serial, reason: why }, 'hikvision terminal unreachable');
    if (link.online) {
      link.online = false;
      await this.ctx.reports.status(link.serial, { online: false });
    }
  }

  async send(units: ReadonlyMap<number, UnitLink>, cmds: readonly ClaimedCommand[]): Promise<number[]> {
    const byUnit = new Map<number, ClaimedCommand[]>();
    for (const c of cmds) byUnit.set(c.device_id, [...(byUnit.get(c.device_id) ?? []), c]);
    const undelivered: number[] = [];
    await Promise.all(
      [...byUnit].map(async ([deviceId, list]) => {
        const link = units.get(deviceId);
        if (!link) {
          undelivered.push(...list.map((c) => c.id));
          return;
        }
        const u = this.state(link);
        if (!u.client) {
          for (const c of list)
            this.ctx.reports.ack(link.serial, { id: c.id, ok: false, info: 'the terminal address, user or password is not set' });
          return;
        }
        if (u.retryAt > Date.now()) {
          undelivered.push(...list.map((c) => c.id));
          return;
        }
        const t = this.terminal(link, u, u.client);
        for (const [i, c] of list.entries()) {
          try {
            const info = await applyCommand(this.ctx.db, t, c);
            this.reached(u);
            this.ctx.reports.ack(link.serial, { id: c.id, ok: true, info });
          } catch (e) {
            if (e instanceof HikUnreachable) {
              undelivered.push(...list.slice(i).map((x) => x.id));
              await this.lost(link, u, e.message);
              return;
            }
            const reason = e instanceof HikFault ? e.message : 'the command could not be carried out';
            if (!(e instanceof HikFault)) this.ctx.log.error({ err: e, serial: link.serial, kind: c.kind }, 'hikvision command failed');
            this.ctx.reports.ack(link.serial, { id: c.id, ok: false, info: reason });
          }
        }
      }),
    );
    return undelivered;
  }

  start(): void {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      this.polling = this.poll({ shared: true })
        .catch((e: unknown) => this.ctx.log.error({ err: e }, 'hikvision poll failed'))
        .finally(() => {
          this.polling = null;
          if (!this.stopped) this.timer = setTimeout(tick, this.s.pollMs);
        });
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.polling;
  }

  /**
   * One round: every terminal asked for its device info, its listening host set, its events caught up
   * (`shared`: only those no instance asked within the period, see poll-claim.ts).
   */
  async poll(o: { shared?: boolean } = {}): Promise<void> {
    const all = await hikLinks(this.ctx.db, (s) => this.ctx.unseal(s));
    // The timer's rounds share the terminals between instances: each is asked by one of them a period.
    const mine = o.shared
      ? await claimPolls(
          this.ctx.db,
          all.map((l) => l.id),
          this.ctx.instance,
          this.s.pollMs,
        )
      : null;
    const queue = mine ? all.filter((l) => mine.has(l.id)) : all;
    const worker = async () => {
      for (let l = queue.shift(); l && !this.stopped; l = queue.shift()) await this.probe(l);
    };
    await Promise.all(Array.from({ length: Math.min(16, queue.length) }, worker));
  }

  private async probe(link: UnitLink): Promise<void> {
    const u = this.state(link);
    if (!u.client || u.retryAt > Date.now()) return;
    const client = u.client;
    let firmware: string;
    try {
      const info = await client.json<{ DeviceInfo?: { firmwareVersion?: string } }>('GET', ISAPI.deviceInfo);
      firmware = String(info.DeviceInfo?.firmwareVersion ?? '').slice(0, 50) || 'unknown';
    } catch (e) {
      if (e instanceof HikUnreachable || e instanceof HikFault) return this.lost(link, u, e.message);
      throw e;
    }
    this.reached(u);
    if (!link.online) {
      link.online = true;
      await this.ctx.reports.status(link.serial, { online: true, firmware });
    }
    await this.ctx.reports.heartbeat(link.serial, { firmware, uptimeS: 0, freeStorageBytes: 0 });
    try {
      if (!u.hostSet && this.s.callbackUrl) {
        await client.json('PUT', ISAPI.httpHosts, httpHostBody(eventUrl(this.s.callbackUrl, await this.callbackKey(), link.serial)));
        u.hostSet = true;
      }
      await this.catchUp(link, client);
    } catch (e) {
      if (e instanceof HikUnreachable) return this.lost(link, u, e.message);
      if (!(e instanceof HikFault)) throw e;
      this.ctx.log.warn({ serial: link.serial, reason: e.message }, 'hikvision event set-up or catch-up failed');
    }
  }

  /** Reads the terminal's event log after the stored position, a few pages a round. */
  async catchUp(link: UnitLink, client: HikClient): Promise<number> {
    const row = await this.ctx.db.selectFrom('hik_event_position').select('serial_no').where('device_id', '=', link.id).executeTakeFirst();
    let last = Number(row?.serial_no ?? 0);
    let read = 0;
    for (let page = 0; page < (this.s.catchUpPages ?? 10); page++) {
      const { events, more } = fromSearch(await client.json('POST', ISAPI.acsEvent, acsEventBody(last + 1, 0)));
      const next = events.filter((e) => e.serialNo > last).sort((a, b) => a.serialNo - b.serialNo);
      if (!next.length) break;
      // The position moves past a page only once its events are written: refused (over the unit's rate,
      // DEVICE_EVENTS_PER_S) or not written, the next round reads the page again.
      const msgs = next.map(toProtocolEvent).filter((m) => m !== null);
      if (!(await this.ctx.reports.events(link.serial, msgs))) break;
      last = (next.at(-1) as { serialNo: number }).serialNo;
      read += next.length;
      await this.ctx.db
        .insertInto('hik_event_position')
        .values({ device_id: link.id, serial_no: last })
        .onConflict((oc) => oc.column('device_id').doUpdateSet({ serial_no: last, updated_at: new Date() }))
        .execute();
      if (!more) break;
    }
    if (!row && !read)
      await this.ctx.db
        .insertInto('hik_event_position')
        .values({ device_id: link.id, serial_no: 0 })
        .onConflict((oc) => oc.column('device_id').doNothing())
        .execute();
    return read;
  }
}

/** The hik-isapi adapter for these settings (the registry builds it with `hikSettingsOf(config)`). */
export const hikIsapiAdapter =
  (settings: HikSettings): AdapterFactory =>
  (ctx) =>
    new HikAdapter(ctx, settings);
