import { defineMessages } from './define.ts';
import catalogue from './attendance.json' with { type: 'json' };

/**
 * Attendance: companies, daily clock-in detail, punch records (001 §2, §3, §4, §9).
 * `att.punchDetails` is both the punch export's file name and the punch records page title.
 */
export const attendanceMessages = defineMessages(catalogue);
