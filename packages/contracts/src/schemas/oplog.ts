import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { optInt, optStr, paging, withT, dateFilter } from './common.ts';

const filters = {
  ...withT,
  /** First-level menu id (menus of pid 0). */
  name1: optInt('f.menu1'),
  /** Second-level menu id. */
  name2: optInt('f.menu2'),
  regno: optStr('f.account', 20),
  starttime: dateFilter('f.startTime'),
  endtime: dateFilter('f.endTime'),
};

export const opLogPageInput = z.object({ ...filters, ...paging(['addtime'], LIMITS.opLogDefaultPageSize) });
export const opLogExportInput = z.object({ ...filters, sort: z.string().optional(), order: z.enum(['asc', 'desc']).optional() });
export const menusByPidInput = z.object({ ...withT, pid: optInt('f.menu1') });
