import { z } from 'zod';
import { ALARM_ACK_STATES } from '../codes.ts';
import { ALARM_KINDS, ALARM_NOTE_MAX } from '../alarm.ts';
import { msg } from '../messages/define.ts';
import { idList, optStr, withT, dateRangeFilter } from './common.ts';
import { pageAndExport } from './list-inputs.ts';

const oneOf = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(values, { error: msg('v.invalid', { field: `@${field}` }) }).optional(),
  );

/** The alarm list's filters, as the access event log's (names contain the text). */
const alarmFilters = {
  ...withT,
  communityName: optStr('f.communityName', 50),
  addressName: optStr('f.addressName', 150),
  deviceName: optStr('f.deviceName', 100),
  kind: oneOf('f.alarmKind', ALARM_KINDS),
  /** 1: acknowledged, 0: not yet; absent: both. */
  acknowledged: oneOf('f.acknowledged', ALARM_ACK_STATES),
  ...dateRangeFilter('validfrom', 'validto', ['f.validfrom', 'f.validto']),
};
export const { page: alarmPageInput, export: alarmExportInput } = pageAndExport(alarmFilters, ['time']);

/** Acknowledges one or many alarms; the note says what staff did (may be empty). */
export const alarmAckInput = z.object({
  ids: idList('f.ids'),
  note: optStr('f.alarmNote', ALARM_NOTE_MAX),
});
