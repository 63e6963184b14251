import type { Area } from '../area.ts';
import { statisticsHandlers } from './routes.ts';

/** What the statistics area contributes (collected in modules/index.ts). */
export const statisticsArea: Area = {
  name: 'statistics',
  handlers: statisticsHandlers,
};
