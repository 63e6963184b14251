import { ROUTES } from '@gatehouse/contracts';
import { handle, type Registered } from '../../http/route.ts';
import { statistics } from './service.ts';

const S = ROUTES.statistics;

export const statisticsHandlers: Registered[] = [
  handle(S.getDailyActivityRecordStatistics, (input, ctx) => statistics(ctx, input.jsonData, 'activity')),
  handle(S.getTalkRecordStatistics, (input, ctx) => statistics(ctx, input.jsonData, 'talk')),
  handle(S.getMonitorRecordStatistics, (input, ctx) => statistics(ctx, input.jsonData, 'monitor')),
];
