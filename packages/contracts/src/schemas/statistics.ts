import { z } from 'zod';
import { TIME_OPTION, type TimeOption } from '../codes.ts';
import { msg } from '../messages/define.ts';
import { withT } from './common.ts';

/** Widest ranges the statistics answer: 24 months by month, 366 days by day. */
export const STAT_MAX = { months: 24, days: 366 } as const;

/** A calendar date of `yyyy/MM/dd` or `yyyy-MM-dd` as [y, m, d], or null. */
export function parseCalendarDate(text: string): [number, number, number] | null {
  const m = /^(\d{4})([/-])(\d{2})\2(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[3]), Number(m[4])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return [y, mo, d];
}

const dayNumber = ([y, m, d]: [number, number, number]) => Date.UTC(y, m - 1, d) / 86_400_000;

/** Buckets (months or days, both ends included) between two calendar dates. */
export function bucketCount(start: [number, number, number], end: [number, number, number], option: TimeOption): number {
  if (option === TIME_OPTION.month) return (end[0] - start[0]) * 12 + (end[1] - start[1]) + 1;
  return dayNumber(end) - dayNumber(start) + 1;
}

const dateField = (field: string) =>
  z
    .string({ error: msg('v.required', { field: `@${field}` }) })
    .refine((v) => parseCalendarDate(v) !== null, msg('stat.badDate', { field: `@${field}` }));

/** The jsonData object: {start, end, timeOption}. */
export const statRange = z
  .object({
    start: dateField('stat.f.start'),
    end: dateField('stat.f.end'),
    timeOption: z.union([z.literal(1), z.literal(2)], { error: msg('stat.badOption') }),
  })
  .superRefine((v, ctx) => {
    const s = parseCalendarDate(v.start);
    const e = parseCalendarDate(v.end);
    if (!s || !e) return;
    const n = bucketCount(s, e, v.timeOption);
    if (n < 1) ctx.addIssue({ code: 'custom', message: msg('stat.order'), path: ['end'] });
    else if (v.timeOption === TIME_OPTION.month && n > STAT_MAX.months)
      ctx.addIssue({ code: 'custom', message: msg('stat.tooManyMonths', { max: STAT_MAX.months }), path: ['end'] });
    else if (v.timeOption === TIME_OPTION.day && n > STAT_MAX.days)
      ctx.addIssue({ code: 'custom', message: msg('stat.tooManyDays', { max: STAT_MAX.days }), path: ['end'] });
  });
export type StatRange = z.infer<typeof statRange>;

/** Input of the three statistics calls: jsonData, a JSON string of {start, end, timeOption}. */
export const statisticsInput = z.object({
  ...withT,
  jsonData: z
    .string({ error: msg('v.required', { field: '@stat.f.jsonData' }) })
    .max(500, msg('stat.badJson'))
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: msg('stat.badJson') });
        return z.NEVER;
      }
    })
    .pipe(statRange),
});
