import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { optInt, optStr, withT, dateRangeFilter } from './common.ts';
import { pageAndExport } from './list-inputs.ts';

const filters = {
  ...withT,
  /** First-level menu id (menus of pid 0). */
  name1: optInt('f.menu1'),
  /** Second-level menu id. */
  name2: optInt('f.menu2'),
  regno: optStr('f.account', 20),
  ...dateRangeFilter('starttime', 'endtime', ['f.startTime', 'f.endTime']),
};

export const { page: opLogPageInput, export: opLogExportInput } = pageAndExport(filters, ['addtime'], LIMITS.opLogDefaultPageSize);
export const menusByPidInput = z.object({ ...withT, pid: optInt('f.menu1') });
