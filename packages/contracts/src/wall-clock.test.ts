import { describe, expect, it } from 'vitest';
import { fromZoneWall, type WallClock, wallClock } from './wall-clock.ts';

const ZONES = ['Asia/Shanghai', 'Europe/Berlin', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Apia', 'UTC'];
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The wall clock as Intl gives it, through a formatter of the test's own (the slow path, every call). */
const formats = new Map<string, Intl.DateTimeFormat>();
function intl(ms: number, tz: string): WallClock {
  let f = formats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(tz, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  const n = (k: string) => Number(p[k]);
  return {
    y: n('year'),
    mo: n('month'),
    d: n('day'),
    h: n('hour'),
    mi: n('minute'),
    s: n('second'),
    wd: WEEKDAYS.indexOf(p.weekday ?? '') + 1,
  };
}
const asUtc = (w: WallClock) => Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s);

/**
 * `wallClock` reads an instant by its zone's cached offset (what terminals' times, schedules and the
 * ZKTeco lines are read and written by): it must agree with Intl everywhere, and `fromZoneWall`
 * must answer the instant of a wall time.
 */
describe('wall clock by cached zone offsets', () => {
  it('agrees with Intl around DST changes and in odd zones, forwards and backwards', () => {
    const starts = [Date.UTC(2026, 2, 8, 0), Date.UTC(2026, 2, 29, 0), Date.UTC(2026, 9, 25, 0), Date.UTC(2026, 3, 5, 0), 0];
    const step = 7 * 60_000 + 13_000;
    for (const tz of ZONES)
      for (const s of starts) {
        for (let ms = s; ms < s + 12 * 3_600_000; ms += step) expect(wallClock(new Date(ms), tz)).toEqual(intl(ms, tz));
        for (let ms = s + 12 * 3_600_000; ms > s; ms -= step) expect(wallClock(new Date(ms), tz)).toEqual(intl(ms, tz));
      }
  });

  it('agrees with Intl from 1970 to 2040 and before 1970 (read through Intl)', () => {
    const step = 3 * 86_400_000 + 5 * 3_600_000 + 11 * 60_000 + 7_000;
    // Monrovia kept -0:44:30 until 1972: offsets to the second, not rounded to minutes
    for (const tz of ['Asia/Kathmandu', 'Pacific/Apia', 'Europe/Berlin', 'America/New_York', 'Africa/Monrovia'])
      for (let ms = Date.UTC(1960, 0, 1); ms < Date.UTC(2040, 0, 1); ms += step) expect(wallClock(new Date(ms), tz)).toEqual(intl(ms, tz));
  });

  it('answers the instant of a wall time of the zone, on both sides of a change', () => {
    const step = 17 * 60_000 + 3_000;
    for (const tz of ZONES)
      for (let ms = Date.UTC(2026, 2, 7); ms < Date.UTC(2026, 2, 31); ms += step) {
        const wall = intl(ms, tz);
        const back = fromZoneWall(asUtc(wall), tz);
        // A wall time of the repeated hour (clocks set back) has two instants: either is that wall time.
        expect(intl(back, tz)).toEqual(wall);
      }
    // Shanghai has no DST: 08:00 is midnight UTC
    expect(new Date(fromZoneWall(Date.UTC(2030, 0, 1, 8), 'Asia/Shanghai')).toISOString()).toBe('2030-01-01T00:00:00.000Z');
    // New York, summer and winter
    expect(new Date(fromZoneWall(Date.UTC(2026, 6, 1, 12), 'America/New_York')).toISOString()).toBe('2026-07-01T16:00:00.000Z');
    expect(new Date(fromZoneWall(Date.UTC(2026, 11, 1, 12), 'America/New_York')).toISOString()).toBe('2026-12-01T17:00:00.000Z');
  });
});
