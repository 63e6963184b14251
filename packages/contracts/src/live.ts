import type { MenuKey } from './menus.ts';
import type { AccessLogRow } from './routes/eventlog.ts';

/**
 * The live stream (GET /api/live/stream, Server-Sent Events; docs/live-operations.md).
 * Each SSE message: `id:` the event id (monotonic), `event:` the kind, `data:` JSON of the
 * kind's shape below. Pure data: shared by the server and the web.
 */
export const LIVE_KINDS = ['access', 'device', 'command', 'alarm'] as const;
export type LiveKind = (typeof LIVE_KINDS)[number];

/** A caller receives a kind when it holds one of these menus (administrators hold all). */
export const LIVE_KIND_MENUS: { readonly [K in LiveKind]: readonly MenuKey[] } = {
  access: ['eventlog.accesslog'],
  device: ['project.devices', 'access.gm', 'overview'],
  command: ['access.commands'],
  alarm: ['eventlog.alarm'],
};

/** A new access event, in the access log's row shape (AccessLogRow) plus its community id and ISO time. */
export interface LiveAccess extends AccessLogRow {
  communityId: number | null;
  at: string;
}

/** A unit went online or offline, or sent a heartbeat that changed what the lists show. */
export interface LiveDevice {
  deviceId: number;
  /** The door unit (address) the unit is bound to, null when unbound. */
  addressId: number | null;
  communityId: number | null;
  serial: string;
  online: boolean;
  firmware: string | null;
  /** `yyyy/MM/dd HH:mm:ss` in the server's zone, like the lists' lastSeen. */
  lastSeen: string | null;
}

/** A command's status changed (sent, answered). */
export interface LiveCommand {
  id: number;
  deviceId: number;
  communityId: number | null;
  status: number;
  info: string;
  updateTime: string;
}

/** An alarm was opened or cleared (an "offline" alarm is cleared when its unit is back). */
export interface LiveAlarm {
  id: number;
  deviceId: number;
  communityId: number | null;
  kind: string;
  open: boolean;
}

export interface LiveData {
  access: LiveAccess;
  device: LiveDevice;
  command: LiveCommand;
  alarm: LiveAlarm;
}

/** A live event as the browser gets it; `id` is the SSE id, opaque (`<row>`, or `<row>.<n>` for the n-th event of an outbox row holding several). */
export type LiveEvent = { [K in LiveKind]: { id: string; kind: K; data: LiveData[K] } }[LiveKind];

/** How long stored live events stay for replay after a reconnect (Last-Event-ID). */
export const LIVE_REPLAY_MINUTES = 60;
/** A comment line is sent this often so proxies keep the stream open. */
export const LIVE_HEARTBEAT_MS = 20_000;
