import type { Area } from '../area.ts';
import { alarmHandlers } from './routes.ts';

/** What the alarm area contributes (collected in modules/index.ts). */
export const alarmArea: Area = {
  name: 'alarm',
  handlers: alarmHandlers,
};
