import { ACCESS_RESULT, type ScheduleTablePayload } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { faceVerdict, localTime, scheduleRefusal } from './schedule.ts';
import { DeviceState } from './state.ts';

const table = (tz: string): ScheduleTablePayload => ({
  timeZone: tz,
  schedules: [
    {
      id: 1,
      name: 'Office',
      week: [['09:00-17:00'], ['09:00-17:00'], [], [], [], ['10:00-12:00'], []],
      holidayMode: 0,
      holidayWeekday: null,
    },
    { id: 2, name: 'Weekend hours', week: [[], [], [], [], [], ['10:00-12:00'], []], holidayMode: 1, holidayWeekday: 6 },
    { id: 3, name: 'Late', week: [['22:00-24:00'], [], [], [], [], [], []], holidayMode: 0, holidayWeekday: null },
  ],
});
const holidays = [{ name: 'Founders day', from: '2026-11-23', to: '2026-11-24' }];

describe('the unit decides by its own clock in the community time zone', () => {
  it('reads local day, weekday and minute in the zone', () => {
    expect(localTime(new Date('2026-11-22T16:30:00Z'), 'Asia/Shanghai')).toEqual({ day: '2026-11-23', weekday: 1, minute: 30 });
    expect(localTime(new Date('2026-11-22T16:30:00Z'), 'Europe/Berlin')).toEqual({ day: '2026-11-22', weekday: 7, minute: 17 * 60 + 30 });
  });

  it('no schedules or Always: open; inside an interval: open; outside: schedule; start inclusive, end exclusive', () => {
    const t = table('Asia/Shanghai');
    const at = (iso: string) => new Date(iso);
    expect(scheduleRefusal(undefined, t, [], at('2026-11-23T03:00:00Z'))).toBeNull();
    expect(scheduleRefusal([0, 1], t, [], at('2026-11-22T20:00:00Z'))).toBeNull();
    expect(scheduleRefusal([1], t, [], at('2026-11-23T01:00:00Z'))).toBeNull(); // Mon 09:00
    expect(scheduleRefusal([1], t, [], at('2026-11-23T09:00:00Z'))).toBe('schedule'); // Mon 17:00
    expect(scheduleRefusal([3], t, [], at('2026-11-23T15:59:00Z'))).toBeNull(); // Mon 23:59
    expect(scheduleRefusal([1], null, [], at('2026-11-23T03:00:00Z'))).toBe('schedule'); // table not yet arrived
    expect(scheduleRefusal([99], t, [], at('2026-11-23T03:00:00Z'))).toBe('schedule'); // unknown schedule
  });

  it('a holiday closes a schedule, or follows the chosen weekday', () => {
    const t = table('Asia/Shanghai');
    const mon1100 = new Date('2026-11-23T03:00:00Z');
    expect(scheduleRefusal([1], t, holidays, mon1100)).toBe('holiday');
    expect(scheduleRefusal([2], t, holidays, mon1100)).toBeNull(); // follows Saturday 10:00–12:00
    expect(scheduleRefusal([2], t, holidays, new Date('2026-11-23T05:00:00Z'))).toBe('holiday'); // 13:00
    expect(scheduleRefusal([1, 2], t, holidays, mon1100)).toBeNull();
  });
});

describe('a face is judged like a card', () => {
  const put = (extra: Record<string, unknown>) => ({
    faceId: 7,
    account: '13700000001',
    userName: 'Han Mei',
    imgBase64: '',
    status: 'enable',
    id: '7',
    ...extra,
  });
  it('inside its own validity it opens, outside it is refused; through groups only (no validity) its schedules decide', () => {
    const state = new DeviceState();
    const at = new Date('2026-11-23T03:00:00Z');
    state.faces.set('7', put({ validfrom: '2026-01-01T00:00:00.000Z', validto: '2026-06-30T00:00:00.000Z' }));
    expect(faceVerdict(state, '7', at).result).toBe(ACCESS_RESULT.expired);
    state.faces.set('7', put({ validfrom: '2027-01-01T00:00:00.000Z', validto: '2028-01-01T00:00:00.000Z' }));
    expect(faceVerdict(state, '7', at).result).toBe(ACCESS_RESULT.notYetValid);
    state.faces.set('7', put({ validfrom: '2026-01-01T00:00:00.000Z', validto: '2028-01-01T00:00:00.000Z' }));
    expect(faceVerdict(state, '7', at).result).toBe(ACCESS_RESULT.ok);
    state.faces.set('7', put({}));
    expect(faceVerdict(state, '7', at).result).toBe(ACCESS_RESULT.ok);
  });
});
