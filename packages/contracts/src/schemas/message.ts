import { z } from 'zod';
import { msg } from '../messages/define.ts';
import { optInt, optStr, paging, reqInt, withT } from './common.ts';

/** Import type of a message (001 §4): 0 account, 1 address, 2 meter table, 3 device pool, 4 cards. */
export const MESSAGE_TYPES = [0, 1, 2, 3, 4] as const;

const dateText = (field: string) =>
  optStr(field, 19).refine(
    (v) => v === undefined || /^\d{4}[/-]\d{2}[/-]\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(v),
    msg('v.invalid', { field: `@${field}` }),
  );

export const messagesPageInput = z.object({
  ...withT,
  ...paging(['createDate', 'title', 'type']),
  title: optStr('f.title', 200),
  type: optInt('f.type', 'smallint'),
  starttime: dateText('f.startTime'),
  endtime: dateText('f.endTime'),
});

export const messageIdInput = z.object({ ...withT, id: reqInt('f.id') });
