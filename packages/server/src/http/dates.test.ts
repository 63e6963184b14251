import { describe, expect, it } from 'vitest';
import { formatDateTime, parseDateTime } from './dates.ts';

describe('API dates in the server time zone', () => {
  it('formats an instant as yyyy/MM/dd HH:mm:ss (or with hyphens) in the zone', () => {
    const at = new Date('2030-01-01T00:00:05Z');
    expect(formatDateTime(at, 'Asia/Shanghai')).toBe('2030/01/01 08:00:05');
    expect(formatDateTime(at, 'UTC', '-')).toBe('2030-01-01 00:00:05');
    expect(formatDateTime(null, 'UTC')).toBe('');
  });

  it('parses wall-clock times of the zone, dates as start or end of day, and refuses impossible dates', () => {
    expect(parseDateTime('2030/01/01 08:00:00', 'Asia/Shanghai')?.toISOString()).toBe('2030-01-01T00:00:00.000Z');
    expect(parseDateTime('2030-01-01 08:00', 'Asia/Shanghai')?.toISOString()).toBe('2030-01-01T00:00:00.000Z');
    expect(parseDateTime('2030/01/01', 'Asia/Shanghai', true)?.toISOString()).toBe('2030-01-01T15:59:59.000Z');
    // a zone with daylight saving: summer and winter offsets
    expect(parseDateTime('2030/07/01 12:00:00', 'Europe/Berlin')?.toISOString()).toBe('2030-07-01T10:00:00.000Z');
    expect(parseDateTime('2030/12/01 12:00:00', 'Europe/Berlin')?.toISOString()).toBe('2030-12-01T11:00:00.000Z');
    expect(parseDateTime('2030/02/30 00:00:00', 'UTC')).toBeNull();
    expect(parseDateTime('2030/01/01 24:00:00', 'UTC')).toBeNull();
    expect(parseDateTime('yesterday', 'UTC')).toBeNull();
  });
});

describe('formatDateTime by quarter-hour offsets', () => {
  it('agrees with Intl on instants around DST changes and in odd zones', () => {
    const intl = (ms: number, tz: string) => {
      const p = Object.fromEntries(
        new Intl.DateTimeFormat('en-GB', {
          timeZone: tz,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
          hourCycle: 'h23',
        })
          .formatToParts(new Date(ms))
          .map((x) => [x.type, x.value]),
      );
      return `${p.year}/${p.month}/${p.day} ${p.hour}:${p.minute}:${p.second}`;
    };
    const zones = ['Asia/Shanghai', 'Europe/Berlin', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Apia', 'UTC'];
    const starts = [Date.UTC(2026, 2, 8, 0), Date.UTC(2026, 2, 29, 0), Date.UTC(2026, 9, 25, 0), Date.UTC(2026, 3, 5, 0), 0];
    const step = 7 * 60_000 + 13_000;
    for (const tz of zones)
      for (const s of starts) {
        for (let ms = s; ms < s + 12 * 3_600_000; ms += step) expect(formatDateTime(new Date(ms), tz)).toBe(intl(ms, tz));
        // and backwards, as an export newest first reads them
        for (let ms = s + 12 * 3_600_000; ms > s; ms -= step) expect(formatDateTime(ms, tz)).toBe(intl(ms, tz));
      }
  });

  it('agrees with Intl from 1970 to 2040, historic changes of the zones included (Kathmandu 1986, Apia 2011)', () => {
    const step = 2 * 86_400_000 + 7 * 3_600_000 + 13 * 60_000 + 17_000;
    for (const tz of ['Asia/Kathmandu', 'Pacific/Apia', 'Europe/Berlin', 'Asia/Shanghai']) {
      const intl = new Intl.DateTimeFormat('sv-SE', { timeZone: tz, dateStyle: 'short', timeStyle: 'medium', hourCycle: 'h23' });
      for (let ms = 0; ms < Date.UTC(2040, 0, 1); ms += step) expect(formatDateTime(ms, tz)).toBe(intl.format(ms).replaceAll('-', '/'));
    }
  });
});
