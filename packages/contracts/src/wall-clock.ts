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

export function wallClock(at: Date, timeZone: string): WallClock {
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
