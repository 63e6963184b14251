import type { AlarmKind } from '../alarm.ts';
import type { Page } from '../envelope.ts';
import { alarmAckInput, alarmExportInput, alarmPageInput } from '../schemas/alarm.ts';
import { defineRoutes, r } from './define.ts';

/** One alarm record; times `yyyy/MM/dd HH:mm:ss`; the acknowledgement fields are empty until staff acknowledge it. */
export interface AlarmRow {
  id: number;
  kind: AlarmKind;
  time: string;
  communityName: string;
  addressName: string;
  deviceName: string;
  serial: string;
  /** offline alarms: when the unit came back online ('' while it is still offline). */
  clearedAt: string;
  acknowledged: boolean;
  acknowledgedBy: string;
  acknowledgedAt: string;
  note: string;
}

const access = { menus: ['eventlog.alarm'] } as const;

/** Alarm records (Event log › Alarm records). */
export const alarmRoutes = defineRoutes('alarm', {
  getAlarmPage: r<Page<AlarmRow>>()({ method: 'GET', input: alarmPageInput, access }),
  exportAlarms: r<never>()({ method: 'GET', input: alarmExportInput, access, kind: 'raw' }),
  acknowledgeAlarms: r<{ acknowledged: number }>()({ method: 'POST', input: alarmAckInput, access }),
});
