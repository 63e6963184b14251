/**
 * The text of ZKTeco's PUSH protocol (docs/devices/zkteco.md): `key=value` fields separated by
 * tabs, one record a line; the terminal's command results `ID=…&Return=…&CMD=…`; the Return
 * codes' meanings; ZKTeco's encoded time. Pure functions, no I/O.
 */
import { fromZoneWall, wallClock } from '@gatehouse/contracts';

/** Largest body a terminal may post (the handshake's `MaxPostSize`); above it the post is refused. */
export const MAX_POST_BYTES = 1024 * 1024;

/** A field value as a terminal may read it: no tab, line break or other control character (they separate fields and records). */
export const clean = (v: string | number): string =>
  String(v)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .trim();

/** `k1=v1\tk2=v2…` (values cleaned). */
export const fields = (pairs: readonly (readonly [string, string | number])[]): string =>
  pairs.map(([k, v]) => `${k}=${clean(v)}`).join('\t');

/**
 * Reads one `k=v\tk=v` record (rtlog, rtstate, options); keys lower-cased. Null when a
 * field has no `=` or no key (a malformed line).
 */
export function parseFields(line: string, sep: RegExp = /\t/): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const part of line.split(sep)) {
    if (!part) continue;
    const at = part.indexOf('=');
    if (at <= 0) return null;
    out[part.slice(0, at).trim().toLowerCase()] = part.slice(at + 1).trim();
  }
  return out;
}

/** The non-empty lines of a body (CR LF or LF). */
export const bodyLines = (body: string): string[] =>
  body
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);

/** What a `Return` code of a command result means (Security PUSH 3.1.2, "Command reply"). */
export const RETURN_CODES: Readonly<Record<string, string>> = {
  '0': 'success',
  '-1': 'parameter error',
  '-2': 'photo data does not match the given size',
  '-3': 'read/write error',
  '-9': 'template data does not match the given size',
  '-10': 'the user (PIN) does not exist on the terminal',
  '-11': 'illegal fingerprint template format',
  '-12': 'illegal fingerprint template',
  '-1001': 'capacity limit reached',
  '-1002': 'not supported by the terminal',
  '-1003': 'command execution timed out',
  '-1004': 'data inconsistent with the terminal configuration',
  '-1005': 'terminal busy',
  '-1006': 'data too long',
  '-1007': 'memory error',
  '-1008': 'failed to get the server data',
};

/** `Return=<code>` as the command's failure reason: `ZKTeco <code>: <meaning>`. */
export const returnMeaning = (code: string): string => `ZKTeco ${code}: ${RETURN_CODES[code] ?? 'unknown error'}`.slice(0, 200);

export interface CommandResult {
  /** The command line's id as the server sent it (`C:<id>:…`). */
  id: string;
  code: string;
  cmd: string;
}

/**
 * Reads a `devicecmd` body: one `ID=…&Return=…&CMD=…` result a line. Null when a line is not
 * one (the whole body is refused then).
 */
export function parseResults(body: string): CommandResult[] | null {
  const out: CommandResult[] = [];
  for (const line of bodyLines(body)) {
    const f = parseFields(line, /&/);
    if (!f?.id || f.return === undefined || !/^-?\d{1,6}$/.test(f.return) || !/^\d{1,20}$/.test(f.id)) return null;
    out.push({ id: f.id, code: String(Number(f.return)), cmd: f.cmd ?? '' });
  }
  return out;
}

/**
 * Command line ids: a Gatehouse command may need several PUSH lines (a user, its door rights,
 * its photo). Each line's id is `<command id><nn><kk>` in decimal (`nn` lines, this is line `kk`,
 * two digits each), so a result names its command and whether it is the last line, with no
 * state kept between the poll and the result.
 */
export const MAX_LINES = 99;
const two = (n: number): string => String(n).padStart(2, '0');
export const lineId = (cmdId: number, n: number, k: number): string => `${cmdId}${two(n)}${two(k)}`;

export function readLineId(id: string): { cmdId: number; last: boolean } | null {
  if (!/^\d{5,20}$/.test(id)) return null;
  const n = Number(id.slice(-4, -2));
  const k = Number(id.slice(-2));
  const cmdId = Number(id.slice(0, -4));
  if (!Number.isSafeInteger(cmdId) || cmdId <= 0 || n < 1 || k >= n) return null;
  return { cmdId, last: k === n - 1 };
}

/**
 * ZKTeco's encoded time of an instant in the terminal's zone (user StartTime/EndTime):
 * ((((year-2000)*12 + month-1)*31 + day-1)*24 + hour)*60 + minute)*60 + second. 0: no limit.
 */
export function encodeTime(iso: string | undefined, timeZone: string): number {
  if (!iso) return 0;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return 0;
  const t = wallClock(at, timeZone);
  if (t.y < 2000) return 0;
  return ((((t.y - 2000) * 12 + t.mo - 1) * 31 + t.d - 1) * 24 + t.h) * 3600 + t.mi * 60 + t.s;
}

/** The instant of an encoded time read back in a zone (the emulator checks validity with it). */
export function decodeTime(v: number): { y: number; mo: number; d: number; h: number; mi: number; s: number } {
  const s = v % 60;
  let r = Math.floor(v / 60);
  const mi = r % 60;
  r = Math.floor(r / 60);
  const h = r % 24;
  r = Math.floor(r / 24);
  const d = (r % 31) + 1;
  r = Math.floor(r / 31);
  const mo = (r % 12) + 1;
  const y = Math.floor(r / 12) + 2000;
  return { y, mo, d, h, mi, s };
}

/** A terminal's local `YYYY-MM-DD HH:MM:SS` in its zone as an instant (ISO 8601, UTC); null when unreadable. */
export function terminalTime(text: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  return new Date(fromZoneWall(Date.UTC(y, mo - 1, d, h, mi, s), timeZone)).toISOString();
}

/** An instant as a terminal's local `YYYY-MM-DD HH:MM:SS`. */
export function localText(at: Date, timeZone: string): string {
  const t = wallClock(at, timeZone);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${t.y}-${p(t.mo)}-${p(t.d)} ${p(t.h)}:${p(t.mi)}:${p(t.s)}`;
}
