import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { optInt, optStr, withT, dateFilter } from './common.ts';
import { pageAndExport } from './list-inputs.ts';

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

export const { page: opLogPageInput, export: opLogExportInput } = pageAndExport(filters, ['addtime'], LIMITS.opLogDefaultPageSize);
export const menusByPidInput = z.object({ ...withT, pid: optInt('f.menu1') });
