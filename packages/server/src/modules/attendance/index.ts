import type { Area } from '../area.ts';
import { attendanceHandlers } from './routes.ts';

/** What the attendance area contributes (collected in modules/index.ts). */
export const attendanceArea: Area = {
  name: 'attendance',
  handlers: attendanceHandlers,
};
