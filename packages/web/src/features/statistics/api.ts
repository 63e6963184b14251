import { statisticsRoutes, type StatPoint, TIME_OPTION, type TimeOption } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { call } from '../../api/client.ts';
import { DAY } from '../../shared/dates.ts';

/** The chosen range: granularity and first / last day (months are widened to whole months). */
export interface StatRangeValue {
  option: TimeOption;
  start: Dayjs;
  end: Dayjs;
}

export type StatCall = 'getDailyActivityRecordStatistics' | 'getTalkRecordStatistics' | 'getMonitorRecordStatistics';

/** Default range (001 §9): the last six months up to tomorrow, by month. */
export const defaultRange = (): StatRangeValue => ({
  option: TIME_OPTION.month,
  start: dayjs().subtract(6, 'month').startOf('day'),
  end: dayjs().add(1, 'day').startOf('day'),
});

/** The jsonData of a range: {start, end, timeOption} with yyyy/MM/dd dates. */
export function jsonData(r: StatRangeValue): string {
  const month = r.option === TIME_OPTION.month;
  const start = (month ? r.start.startOf('month') : r.start).format(DAY);
  const end = (month ? r.end.endOf('month') : r.end).format(DAY);
  return JSON.stringify({ start, end, timeOption: r.option });
}

/** One chart's points; reloads when the range changes. */
export function useStatistics(name: StatCall, range: StatRangeValue) {
  const data = jsonData(range);
  return useQuery<StatPoint[]>({
    queryKey: ['statistics', name, data],
    queryFn: () => call(statisticsRoutes[name], { jsonData: data }),
  });
}
