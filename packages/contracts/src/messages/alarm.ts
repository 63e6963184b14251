import { defineMessages } from './define.ts';
import catalogue from './alarm.json' with { type: 'json' };

/** Alarm records (Event log › Alarm records): kinds, filters, columns, acknowledgement. */
export const alarmMessages = defineMessages(catalogue);
