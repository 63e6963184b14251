import { msg, wallParts } from '@gatehouse/contracts';
import { badRequest } from './errors.ts';

/**
 * The API speaks `yyyy/MM/dd HH:mm:ss` in the server's time zone (config TZ_NAME,
 * DESIGN §4); the visitor page uses hyphens. Timestamps are stored as timestamptz.
 */

const parts = wallParts;

const QUARTER_HOUR = 900_000;
const SIX_HOURS = 21_600_000;
/** The zone's offset (ms) over the last quarter hour asked for, per zone (exports format a million times in a row). */
const lastOffsets = new Map<string, { bucket: number; offset: number }>();
/** The zone's offset (ms) over the last six hours asked for, per zone: null when it changes within them. */
const lastWindows = new Map<string, { start: number; offset: number | null }>();

/**
 * The zone's offset at an instant (ms since 1970). Zone offsets change only on quarter hours, and
 * never twice within six hours: a six-hour window with the same offset at both ends has it
 * throughout (two Intl calls a window, where an export over a year of events took one every
 * quarter hour); a window with a change is read quarter hour by quarter hour.
 */
function offsetAt(ms: number, tz: string): number {
  const start = Math.floor(ms / SIX_HOURS) * SIX_HOURS;
  let w = lastWindows.get(tz);
  if (w?.start !== start) {
    const first = offsetMinutes(start, tz);
    w = { start, offset: first === offsetMinutes(start + SIX_HOURS, tz) ? first * 60_000 : null };
    lastWindows.set(tz, w);
  }
  if (w.offset !== null) return w.offset;
  const bucket = Math.floor(ms / QUARTER_HOUR);
  let last = lastOffsets.get(tz);
  if (last?.bucket !== bucket) {
    last = { bucket, offset: offsetMinutes(bucket * QUARTER_HOUR, tz) * 60_000 };
    lastOffsets.set(tz, last);
  }
  return last.offset;
}
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** `yyyy/MM/dd HH:mm:ss` (or with `sep` '-') in the time zone; '' for null. A number is epoch ms. */
export function formatDateTime(d: Date | string | number | null | undefined, tz: string, sep: '/' | '-' = '/'): string {
  if (d === null || d === undefined) return '';
  const ms = typeof d === 'number' ? d : (d instanceof Date ? d : new Date(d)).getTime();
  if (Number.isNaN(ms)) return '';
  if (ms >= 0) {
    // Since 1970: the zone's offset (`offsetAt`), then arithmetic.
    const w = new Date(ms + offsetAt(ms, tz));
    const y = w.getUTCFullYear();
    if (y >= 1000 && y <= 9999)
      return `${y}${sep}${pad2(w.getUTCMonth() + 1)}${sep}${pad2(w.getUTCDate())} ${pad2(w.getUTCHours())}:${pad2(w.getUTCMinutes())}:${pad2(w.getUTCSeconds())}`;
  }
  const p = parts(new Date(ms), tz);
  return `${p.year}${sep}${p.month}${sep}${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** Minutes the zone is ahead of UTC at an instant. */
function offsetMinutes(at: number, tz: string): number {
  const p = parts(new Date(at), tz);
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return Math.round((asUtc - Math.floor(at / 1000) * 1000) / 60_000);
}

/**
 * A "from … to" filter read leniently (`parseDateTime`): a `to` without a time counts to the
 * end of its day; an empty or unreadable bound is no bound.
 */
export const dateRange = (tz: string, from: string | undefined, to: string | undefined) => ({
  from: from ? parseDateTime(from, tz) : null,
  to: to ? parseDateTime(to, tz, true) : null,
});

/**
 * Parses `yyyy/MM/dd[ HH:mm[:ss]]` (slashes or hyphens) as a wall-clock time of the
 * zone. A date without a time is the start of the day, or its end when `endOfDay`.
 * Answers null when the text is not such a date.
 */
export function parseDateTime(text: string, tz: string, endOfDay = false): Date | null {
  const m = /^(\d{4})[/-](\d{2})[/-](\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const timeGiven = m[4] !== undefined;
  const [h, mi, s] = timeGiven ? [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)] : endOfDay ? [23, 59, 59] : [0, 0, 0];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(wall);
  if (check.getUTCDate() !== d || check.getUTCMonth() !== mo - 1) return null;
  let at = wall - offsetMinutes(wall, tz) * 60_000;
  at = wall - offsetMinutes(at, tz) * 60_000;
  return new Date(at);
}

/** Parses the date filters of a list; every unreadable one is a 400 naming its field. */
export function parseDates<K extends string>(
  tz: string,
  dates: { key: K; text?: string; field: string; end?: boolean }[],
): Partial<Record<K, Date>> {
  const out: Partial<Record<K, Date>> = {};
  const bad: string[] = [];
  for (const d of dates) {
    if (!d.text) continue;
    const v = parseDateTime(d.text, tz, d.end === true);
    if (v) out[d.key] = v;
    else bad.push(msg('v.invalid', { field: `@${d.field}` }));
  }
  if (bad.length) throw badRequest(...bad);
  return out;
}

/** A list's "from … to" date filter; a `to` without a time counts to the end of its day. */
export function parseRange(tz: string, from: { text?: string; field: string }, to: { text?: string; field: string }) {
  return parseDates(tz, [
    { key: 'from', ...from },
    { key: 'to', ...to, end: true },
  ]);
}
