import { z } from 'zod';
import { optInt, optStr, paging, reqInt, withT, dateRangeFilter } from './common.ts';

export const messagesPageInput = z.object({
  ...withT,
  ...paging(['createDate', 'title', 'type']),
  title: optStr('f.title', 200),
  type: optInt('f.type', 'smallint'),
  ...dateRangeFilter('starttime', 'endtime', ['f.startTime', 'f.endTime']),
});

export const messageIdInput = z.object({ ...withT, id: reqInt('f.id') });
