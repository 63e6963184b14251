import type { Area } from '../area.ts';
import { gmHandlers } from './routes.ts';

/** What the gm area contributes (collected in modules/index.ts). */
export const gmArea: Area = {
  name: 'gm',
  handlers: gmHandlers,
};
