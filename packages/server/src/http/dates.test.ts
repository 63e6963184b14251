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
