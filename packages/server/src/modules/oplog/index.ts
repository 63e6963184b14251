import type { Area } from '../area.ts';
import { oplogHandlers } from './routes.ts';

/** What the oplog area contributes (collected in modules/index.ts). */
export const oplogArea: Area = {
  name: 'oplog',
  handlers: oplogHandlers,
};
