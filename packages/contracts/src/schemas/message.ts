import { z } from 'zod';
import { optInt, optStr, paging, reqInt, withT, dateFilter } from './common.ts';

/** Import type of a message (001 §4): 0 account, 1 address, 2 meter table, 3 device pool, 4 cards. */
export const MESSAGE_TYPES = [0, 1, 2, 3, 4, 5] as const;

export const messagesPageInput = z.object({
  ...withT,
  ...paging(['createDate', 'title', 'type']),
  title: optStr('f.title', 200),
  type: optInt('f.type', 'smallint'),
  starttime: dateFilter('f.startTime'),
  endtime: dateFilter('f.endTime'),
});

export const messageIdInput = z.object({ ...withT, id: reqInt('f.id') });
