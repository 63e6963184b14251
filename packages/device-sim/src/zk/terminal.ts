import { wallClock } from '@gatehouse/contracts';
/**
 * The state a ZKTeco access terminal keeps and how it applies PUSH command lines
 * (Security PUSH 3.1.2 access-control dialect; docs/devices/zkteco.md). Pure: no network.
 */

export interface ZkUser {
  pin: string;
  cardNo: string;
  name: string;
  /** ZKTeco encoded times (0: no limit). */
  start: number;
  end: number;
  disabled: boolean;
}

export type DoorState = 'closed' | 'open' | 'normalOpen';

export interface ZkState {
  users: Map<string, ZkUser>;
  /** Pin → its door rights: the time zone it opens in. */
  authorize: Map<string, { timezone: number; door: number }>;
  /** Pin → its face photo (base64 JPEG). */
  photos: Map<string, { size: number; content: string }>;
  /** Time zone id → `MonTime1…Hol1Time3` encoded intervals. */
  timezones: Map<number, Record<string, number>>;
  holidays: Set<string>;
  door: DoorState;
  /** Remote opens done (`CONTROL DEVICE 010101ss`). */
  remoteOpens: number;
  /** Every command line applied, with its Return code. */
  applied: { id: string; command: string; code: number }[];
}

export const newState = (): ZkState => ({
  users: new Map(),
  authorize: new Map(),
  photos: new Map(),
  timezones: new Map(),
  holidays: new Set(),
  door: 'closed',
  remoteOpens: 0,
  applied: [],
});

/** `k=v\tk=v` fields; keys as sent. */
export function readFields(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of text.split('\t')) {
    const at = part.indexOf('=');
    if (at > 0) out.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1));
  }
  return out;
}

/** Return codes the terminal answers (Security PUSH 3.1.2 "Command reply"). */
export const RETURN = { ok: 0, parameter: -1, photoSize: -2, noUser: -10, unsupported: -1002 } as const;

const base64Bytes = (b64: string): number => Math.floor((b64.length * 3) / 4) - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);

const pinOf = (f: Map<string, string>): string | undefined => f.get('pin');

/** Removes by `Pin=<n>` (or every row with `*`/`Pin=*`). */
function remove<T>(map: Map<string, T>, arg: string): void {
  const f = readFields(arg);
  const pin = pinOf(f);
  if (arg.trim() === '*' || pin === '*') map.clear();
  else if (pin) map.delete(pin);
}

/** Applies one command (the text after `C:<id>:`); answers its Return code. */
export function apply(state: ZkState, command: string): number {
  const m = /^(DATA UPDATE|DATA DELETE|CONTROL DEVICE)\s+(\S+)\s*(.*)$/s.exec(command);
  if (!m) return RETURN.unsupported;
  const [, verb, table, rest = ''] = m as unknown as [string, string, string, string];
  if (verb === 'CONTROL DEVICE') {
    const op = table.toUpperCase();
    if (!/^01[0-9A-F]{2}01[0-9A-F]{2}(00)?$/.test(op)) return RETURN.unsupported;
    const seconds = Number.parseInt(op.slice(6, 8), 16);
    if (seconds === 0) state.door = 'closed';
    else if (seconds === 255) state.door = 'normalOpen';
    else {
      state.door = state.door === 'normalOpen' ? 'normalOpen' : 'open';
      state.remoteOpens++;
    }
    return RETURN.ok;
  }
  const f = readFields(rest);
  if (verb === 'DATA DELETE') {
    if (table === 'user') {
      remove(state.users, rest);
      return RETURN.ok;
    }
    if (table === 'userauthorize') {
      remove(state.authorize, rest);
      return RETURN.ok;
    }
    if (table === 'biophoto') {
      remove(state.photos, rest);
      return RETURN.ok;
    }
    if (table === 'holiday') {
      state.holidays.clear();
      return RETURN.ok;
    }
    return RETURN.unsupported;
  }
  switch (table) {
    case 'user': {
      const pin = pinOf(f);
      if (!pin || !/^\d{1,9}$/.test(pin)) return RETURN.parameter;
      state.users.set(pin, {
        pin,
        cardNo: f.get('cardno') ?? '',
        name: f.get('name') ?? '',
        start: Number(f.get('starttime') ?? 0) || 0,
        end: Number(f.get('endtime') ?? 0) || 0,
        disabled: f.get('disable') === '1',
      });
      return RETURN.ok;
    }
    case 'userauthorize': {
      const pin = pinOf(f);
      if (!pin) return RETURN.parameter;
      if (!state.users.has(pin)) return RETURN.noUser;
      state.authorize.set(pin, { timezone: Number(f.get('authorizetimezoneid') ?? 1), door: Number(f.get('authorizedoorid') ?? 1) });
      return RETURN.ok;
    }
    case 'biophoto': {
      const pin = pinOf(f);
      const content = f.get('content') ?? '';
      if (!pin || !content) return RETURN.parameter;
      if (!state.users.has(pin)) return RETURN.noUser;
      if (Number(f.get('size')) !== base64Bytes(content)) return RETURN.photoSize;
      state.photos.set(pin, { size: base64Bytes(content), content });
      return RETURN.ok;
    }
    case 'timezone': {
      const id = Number(f.get('timezoneid'));
      if (!Number.isInteger(id) || id < 1 || id > 50) return RETURN.parameter;
      const zone: Record<string, number> = {};
      for (const [k, v] of f) if (k !== 'timezoneid') zone[k] = Number(v) || 0;
      state.timezones.set(id, zone);
      return RETURN.ok;
    }
    case 'holiday': {
      const day = f.get('holiday');
      if (!day || !/^\d{8}$/.test(day)) return RETURN.parameter;
      state.holidays.add(day);
      return RETURN.ok;
    }
    default:
      return RETURN.unsupported;
  }
}

export function encodedNow(at: Date, timeZone: string): number {
  const t = wallClock(at, timeZone);
  return ((((t.y - 2000) * 12 + t.mo - 1) * 31 + t.d - 1) * 24 + t.h) * 3600 + t.mi * 60 + t.s;
}

/** Whether the time zone lets a user in now (zone 1, or one not received, is always). */
function inZone(state: ZkState, tz: number, at: Date, timeZone: string): boolean {
  const zone = state.timezones.get(tz);
  if (tz === 1 || !zone) return true;
  const t = wallClock(at, timeZone);
  const day = `${t.y}${String(t.mo).padStart(2, '0')}${String(t.d).padStart(2, '0')}`;
  const prefix = state.holidays.has(day) ? 'hol1' : ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'][t.wd - 1];
  const now = t.h * 100 + t.mi;
  for (let k = 1; k <= 3; k++) {
    const v = zone[`${prefix}time${k}`] ?? 0;
    if (!v) continue;
    const start = Math.floor(v / 65536);
    const end = v % 65536;
    if (now >= start && now < end) return true;
  }
  return false;
}

/** What the terminal decides for a card (rtlog event code, Security PUSH appendix): 0 open, 27 unknown, 29 expired, 39 disabled, 22 time zone. */
export function decideCard(state: ZkState, cardNo: string, at: Date, timeZone: string): { event: number; pin: string } {
  const user = [...state.users.values()].find((u) => u.cardNo && u.cardNo === cardNo);
  if (!user) return { event: 27, pin: '0' };
  return { event: decideUser(state, user, at, timeZone), pin: user.pin };
}

export function decideUser(state: ZkState, user: ZkUser, at: Date, timeZone: string): number {
  if (user.disabled) return 39;
  const now = encodedNow(at, timeZone);
  if ((user.start && now < user.start) || (user.end && now > user.end)) return 29;
  const auth = state.authorize.get(user.pin);
  if (!auth) return 23;
  if (!inZone(state, auth.timezone, at, timeZone)) return 22;
  return 0;
}
