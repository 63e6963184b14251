/**
 * Weekly schedules and holidays (access rules, issue 13): the shape a week travels in
 * (API and `schedule.table`), its rules, and the payloads of the two table commands.
 * Pure data: no node or browser APIs here.
 */

/** Weekdays 1 (Monday) to 7 (Sunday), ISO order; a week is 7 day lists in this order. */
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** One interval `HH:MM-HH:MM` (start inclusive, end exclusive; end may be 24:00). */
export const INTERVAL_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-4]):([0-5]\d)$/;

/** The id of the built-in "Always" schedule (not stored, not editable). */
export const ALWAYS_SCHEDULE_ID = 0;

/** What a schedule does on a holiday: closed, or the intervals of a chosen weekday. */
export const HOLIDAY_MODE = { closed: 0, weekday: 1 } as const;
export type HolidayMode = (typeof HOLIDAY_MODE)[keyof typeof HOLIDAY_MODE];

/** A time as typed (`8:00`, ` 08:00 `) in its stored form `HH:MM`; anything else as it was (the checks refuse it). */
export const normalizeTime = (text: string): string => {
  const m = /^\s*(\d{1,2}):(\d{2})\s*$/.exec(text);
  return m ? `${(m[1] as string).padStart(2, '0')}:${m[2]}` : text.trim();
};

/** An interval as typed (`8:00-17:30`) in its stored form `08:00-17:30`. */
export const normalizeInterval = (text: string): string => {
  const [start, end, ...rest] = text.split('-');
  return rest.length || end === undefined ? text.trim() : `${normalizeTime(start as string)}-${normalizeTime(end)}`;
};

/** Minutes since midnight of `HH:MM`. */
export const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** An interval as [start, end) minutes, or null when it is not `HH:MM-HH:MM` inside the day. */
export function parseInterval(text: string): [number, number] | null {
  const m = INTERVAL_PATTERN.exec(text);
  if (!m) return null;
  const start = minutesOf(text.slice(0, 5));
  const end = minutesOf(text.slice(6, 11));
  return end > 24 * 60 ? null : [start, end];
}

/** What is wrong with one day's intervals (catalogue keys), in the order checked; empty when right. */
export type DayProblem = 'rules.v.interval' | 'rules.v.startBeforeEnd' | 'rules.v.overlap' | 'rules.v.tooManyIntervals';

export function dayProblem(intervals: readonly string[], max: number): DayProblem | null {
  if (intervals.length > max) return 'rules.v.tooManyIntervals';
  const parsed: [number, number][] = [];
  for (const t of intervals) {
    const p = parseInterval(t);
    if (!p) return 'rules.v.interval';
    if (p[0] >= p[1]) return 'rules.v.startBeforeEnd';
    parsed.push(p);
  }
  parsed.sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < parsed.length; i++)
    if ((parsed[i] as [number, number])[0] < (parsed[i - 1] as [number, number])[1]) return 'rules.v.overlap';
  return null;
}

/** One schedule as a door unit keeps it. */
export interface ScheduleEntry {
  id: number;
  name: string;
  /** 7 lists (Monday first) of `HH:MM-HH:MM` intervals. */
  week: string[][];
  /** 0: closed on holidays; 1: a holiday follows `holidayWeekday`. */
  holidayMode: HolidayMode;
  /** 1 (Monday) to 7 (Sunday), when holidayMode is 1. */
  holidayWeekday: number | null;
}

/** `schedule.table`: every schedule of the unit's community and the community's time zone (IANA name). */
export interface ScheduleTablePayload {
  timeZone: string;
  schedules: ScheduleEntry[];
}

/** One holiday: a day or a range of days (`YYYY-MM-DD`, both inclusive) in the community's time zone. */
export interface HolidayEntry {
  name: string;
  from: string;
  to: string;
}

/** `holiday.table`: every holiday of the unit's community. */
export interface HolidayTablePayload {
  holidays: HolidayEntry[];
}

/** One access group a unit belongs to: its id and schedule (0: Always). */
export interface GroupEntry {
  id: number;
  schedule: number;
}

/** `group.table`: every access group the unit belongs to (visitor QR codes given groups, docs/device-protocol.md §8). */
export interface GroupTablePayload {
  groups: GroupEntry[];
}
