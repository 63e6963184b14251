import { defineMessages } from '@gatehouse/contracts';
import catalogue from './attendance.json' with { type: 'json' };

/** Attendance screens: settings, rule dialog, daily clock-in detail, punch records. */
export const attendanceUi = defineMessages(catalogue);
