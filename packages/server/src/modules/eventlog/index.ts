import type { Area } from '../area.ts';
import { liveAccessRows } from './live.ts';
import { eventlogHandlers } from './routes.ts';

/** What the eventlog area contributes (collected in modules/index.ts). */
export const eventlogArea: Area = {
  name: 'eventlog',
  handlers: eventlogHandlers,
  /** Access events on the live stream, as access-log rows. */
  liveAccess: liveAccessRows,
};
