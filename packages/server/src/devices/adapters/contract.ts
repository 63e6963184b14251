import type { AckMessage, EventMessage, HeartbeatMessage, StatusMessage, UnitKind } from '@gatehouse/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../db/index.ts';
import type { ClaimedCommand } from '../claim.ts';

/**
 * The one contract between the server and a kind of door unit (issue 33). Areas never
 * talk to an adapter: they queue typed commands (`devices/new-command.ts`, the queue in
 * `devices/commands.ts`); the dispatcher claims them and hands each unit's commands to
 * its kind's adapter, which translates them into what the unit speaks (MQTT messages,
 * Hikvision ISAPI calls, ZKTeco PUSH command lines). Whatever the kind, a unit reports
 * back through `UnitReports` (the same code path the MQTT units' messages take), so acks,
 * events, alarms, online state and sync state behave alike for every kind.
 *
 * Vendor code lives under `devices/vendors/<vendor>/` and is listed in
 * `devices/adapters/index.ts`; no module under `modules/` imports it or names a vendor.
 */

/** A door unit as its adapter needs it: where it is and how to sign in (vendor credentials opened from their seal). */
export interface UnitLink {
  id: number;
  serial: string;
  kind: UnitKind;
  /** hik-isapi: the terminal's address and HTTP port; null for the other kinds. */
  host: string | null;
  port: number | null;
  /** hik-isapi: the terminal's user and password (stored sealed, `crypto/secret-box.ts`; never answered or logged). */
  username: string | null;
  password: string | null;
  online: boolean;
}

/** How every unit reports back, whatever its kind: the MQTT units' inbound path (devices/inbound.ts). */
export interface UnitReports {
  /** A command's result: `info` is the unit's own reason (a vendor's error text) when `ok` is false. */
  ack(serial: string, ack: AckMessage): void;
  /** An access, punch or alarm event in the protocol's shape (`eid` unique per unit: a repeat is stored once). */
  event(serial: string, event: EventMessage): void;
  /**
   * Events the unit sent together (an upload, a page of its log), all or none: true once written,
   * false when refused (over the unit's rate, DEVICE_EVENTS_PER_S) or not written: the unit must
   * send them again (answer it so, or do not move past them in its log).
   */
  events(serial: string, events: readonly EventMessage[]): Promise<boolean>;
  /**
   * Online / offline (an offline unit keeps its commands pending; coming online re-sends what it did not answer).
   * `replayed`: the broker's retained copy, handed on subscribing (every unit's at once when an instance starts): it
   * is applied only where it differs from what is stored and no newer status of the unit came meanwhile.
   */
  status(serial: string, status: StatusMessage, replayed?: boolean): Promise<void>;
  heartbeat(serial: string, beat: HeartbeatMessage): Promise<void>;
}

/** What an adapter is given when the server starts it. */
export interface AdapterContext {
  db: Db;
  log: Logger;
  reports: UnitReports;
  /** Opens a sealed vendor credential (null when it cannot be opened). */
  unseal(sealed: string | null): string | null;
  /** The unit is due: claim and send its pending commands (after the adapter saw it come back, say). */
  dispatch(deviceIds: Iterable<number>): void;
  /** COMMAND_ACK_TIMEOUT_MS: a sent command not answered within it is sent again. */
  leaseMs: number;
  /** This instance (INSTANCE_ID). */
  instance: string;
}

/** An HTTP route a kind's units call (ZKTeco PUSH `/iclock/*`, the Hikvision event listening host). */
export interface UnitRoute {
  method: 'GET' | 'POST';
  /** Fastify path, outside `/api`. */
  url: string;
  /** Raw body as received (at most `bodyLimit` bytes), the query string and headers; answers status, type and body. */
  handle(req: {
    query: Record<string, string | undefined>;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
    ip: string;
  }): Promise<{
    status: number;
    type: string;
    body: string | Buffer;
  }>;
  bodyLimit?: number;
}

export interface UnitAdapter {
  readonly kind: UnitKind;
  /**
   * 'push': the dispatcher claims a unit's due commands and calls `send` (MQTT, ISAPI).
   * 'pull': the unit asks for them (ZKTeco PUSH polls `getrequest`); the adapter claims them itself
   * with `claimCommands` (devices/claim.ts) and the dispatcher leaves these units alone.
   */
  readonly delivery: 'push' | 'pull';
  /** Push adapters: false while nothing can be sent (the MQTT client is disconnected). */
  ready(): boolean;
  /**
   * Push adapters: sends claimed commands (one unit's in its order; different units may go side by
   * side). Answers the ids that did not reach the unit (they go back to pending and are retried).
   * A command that reached the unit is settled by `reports.ack` — at once for a synchronous
   * protocol (ISAPI's answer), later for MQTT (the unit's ack message).
   */
  send?(units: ReadonlyMap<number, UnitLink>, cmds: readonly ClaimedCommand[]): Promise<number[]>;
  /** Routes its units call (served by the same HTTP server as the API). */
  routes?(): UnitRoute[];
  /** Background work (heartbeat polling, event catch-up), started at boot on every instance. */
  start?(): void;
  stop?(): Promise<void>;
}

/** Each kind's module exports one: the server builds its adapters at boot with the context. */
export type AdapterFactory = (ctx: AdapterContext) => UnitAdapter;
