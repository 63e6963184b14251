import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { msg } from '../messages/define.ts';
import { optInt, optStr, paging, withT } from './common.ts';

const dateText = (field: string) =>
  optStr(field, 19).refine(
    (v) => v === undefined || /^\d{4}[/-]\d{2}[/-]\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(v),
    msg('v.invalid', { field: `@${field}` }),
  );

const filters = {
  ...withT,
  /** First-level menu id (menus of pid 0). */
  name1: optInt('f.menu1'),
  /** Second-level menu id. */
  name2: optInt('f.menu2'),
  regno: optStr('f.account', 20),
  starttime: dateText('f.startTime'),
  endtime: dateText('f.endTime'),
};

export const opLogPageInput = z.object({ ...filters, ...paging(['addtime'], LIMITS.opLogDefaultPageSize) });
export const opLogExportInput = z.object({ ...filters, sort: z.string().optional(), order: z.enum(['asc', 'desc']).optional() });
export const menusByPidInput = z.object({ ...withT, pid: optInt('f.menu1') });
