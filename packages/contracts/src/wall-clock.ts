/**
 * The wall clock of an instant in an IANA time zone: what the server writes in a zone, what a
 * door unit (and each emulator) reads its schedules by. One formatter per zone, kept.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The formatted parts (`year`, `month`, `day`, `hour`, `minute`, `second`, `weekday`: two digits, weekday 'Mon'…'Sun'). */
export function wallParts(at: Date, timeZone: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(at)) out[p.type] = p.value;
  return out;
}

const QUARTER_HOUR = 900_000;
const SIX_HOURS = 21_600_000;
/** The zone's offset (ms) over the last quarter hour asked for, per zone (exports format a million times in a row). */
const lastOffsets = new Map<string, { bucket: number; offset: number }>();
/** The zone's offset (ms) over the last six hours asked for, per zone: null when it changes within them. */
const lastWindows = new Map<string, { start: number; offset: number | null }>();

/** How far (ms, whole seconds) the zone is ahead of UTC at an instant, through Intl. */
function intlOffset(at: number, tz: string): number {
  const p = wallParts(new Date(at), tz);
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return asUtc - Math.floor(at / 1000) * 1000;
}

/**
 * The zone's offset (ms) at an instant since 1970. Zone offsets change only on quarter hours, and
 * never twice within six hours: a six-hour window with the same offset at both ends has it
 * throughout (two Intl calls a window, where an export over a year of events took one every
 * quarter hour); a window with a change is read quarter hour by quarter hour.
 */
export function zoneOffsetMs(ms: number, tz: string): number {
  const start = Math.floor(ms / SIX_HOURS) * SIX_HOURS;
  let w = lastWindows.get(tz);
  if (w?.start !== start) {
    const first = intlOffset(start, tz);
    w = { start, offset: first === intlOffset(start + SIX_HOURS, tz) ? first : null };
    lastWindows.set(tz, w);
  }
  if (w.offset !== null) return w.offset;
  const bucket = Math.floor(ms / QUARTER_HOUR);
  let last = lastOffsets.get(tz);
  if (last?.bucket !== bucket) {
    last = { bucket, offset: intlOffset(bucket * QUARTER_HOUR, tz) };
    lastOffsets.set(tz, last);
  }
  return last.offset;
}

/**
 * A wall-clock time of the zone, given as if it were UTC (`Date.UTC(…)`), as an instant (ms): the
 * offset looked up twice, for the hour around a change.
 */
export function fromZoneWall(wall: number, tz: string): number {
  return wall - zoneOffsetMs(wall - zoneOffsetMs(wall, tz), tz);
}

/**
 * The instant moved by its zone's offset (read it with the getUTC… methods), for an instant since
 * 1970 whose year has four digits; null otherwise (read those through `wallParts`).
 */
export function shiftedToZone(ms: number, tz: string): Date | null {
  if (!(ms >= 0)) return null;
  const w = new Date(ms + zoneOffsetMs(ms, tz));
  const y = w.getUTCFullYear();
  return y >= 1000 && y <= 9999 ? w : null;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** Wall-clock numbers; `wd` is the ISO weekday, 1 Monday … 7 Sunday. */
export interface WallClock {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
  wd: number;
}

/** An instant's wall clock in the zone: by its offset (`shiftedToZone`), else through Intl. */
export function wallClock(at: Date, timeZone: string): WallClock {
  const w = shiftedToZone(at.getTime(), timeZone);
  if (w)
    return {
      y: w.getUTCFullYear(),
      mo: w.getUTCMonth() + 1,
      d: w.getUTCDate(),
      h: w.getUTCHours(),
      mi: w.getUTCMinutes(),
      s: w.getUTCSeconds(),
      wd: w.getUTCDay() || 7,
    };
  const p = wallParts(at, timeZone);
  const n = (t: string) => Number(p[t] ?? 0);
  return {
    y: n('year'),
    mo: n('month'),
    d: n('day'),
    h: n('hour'),
    mi: n('minute'),
    s: n('second'),
    wd: WEEKDAYS.indexOf(p.weekday ?? 'Mon') + 1,
  };
}
