import { statisticsInput } from '../schemas/statistics.ts';
import { defineRoutes, r } from './define.ts';

/**
 * One point of a statistics chart (001 §3 "Statistic point"): dataX the bucket
 * (`yyyy/MM` by month, `yyyy/MM/dd` by day, server time zone), dataY the count,
 * dataY2 the second series (talk records: calls answered; else 0).
 */
export interface StatPoint {
  dataX: string;
  dataY: number;
  dataY2: number;
}

const access = { menus: ['appcount'] } as const;

/** Statistics (001 §2 "Statistics", §7): usage of door units per month or per day. */
export const statisticsRoutes = defineRoutes('statistics', {
  getDailyActivityRecordStatistics: r<StatPoint[]>()({ method: 'GET', input: statisticsInput, access }),
  getTalkRecordStatistics: r<StatPoint[]>()({ method: 'GET', input: statisticsInput, access }),
  getMonitorRecordStatistics: r<StatPoint[]>()({ method: 'GET', input: statisticsInput, access }),
});
