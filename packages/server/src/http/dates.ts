import { fromZoneWall, msg, shiftedToZone, wallParts } from '@gatehouse/contracts';
import { badRequest } from './errors.ts';

/**
 * The API speaks `yyyy/MM/dd HH:mm:ss` in the server's time zone (config TZ_NAME,
 * DESIGN §4); the visitor page uses hyphens. Timestamps are stored as timestamptz.
 */

const parts = wallParts;

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** `yyyy/MM/dd HH:mm:ss` (or with `sep` '-') in the time zone; '' for null. A number is epoch ms. */
export function formatDateTime(d: Date | string | number | null | undefined, tz: string, sep: '/' | '-' = '/'): string {
  if (d === null || d === undefined) return '';
  const ms = typeof d === 'number' ? d : (d instanceof Date ? d : new Date(d)).getTime();
  if (Number.isNaN(ms)) return '';
  // Since 1970: the zone's offset (`shiftedToZone`), then arithmetic.
  const w = shiftedToZone(ms, tz);
  if (w) {
    const y = w.getUTCFullYear();
    return `${y}${sep}${pad2(w.getUTCMonth() + 1)}${sep}${pad2(w.getUTCDate())} ${pad2(w.getUTCHours())}:${pad2(w.getUTCMinutes())}:${pad2(w.getUTCSeconds())}`;
  }
  const p = parts(new Date(ms), tz);
  return `${p.year}${sep}${p.month}${sep}${p.day} ${p.hour}:${p.minute}:${p.second}`;
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
  return new Date(fromZoneWall(wall, tz));
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
