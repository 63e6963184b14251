import type { Area } from '../area.ts';
import { overviewHandlers } from './routes.ts';

/**
 * What an operator watches (docs/live-operations.md): the overview's figures per community, the
 * header's count of open alarms, and the event stream that keeps the screens current. Its routes
 * keep their paths under /api/live/ (contracts `liveRoutes`); the stream's machinery is the
 * foundation's `live/`.
 */
export const overviewArea: Area = {
  name: 'overview',
  handlers: overviewHandlers,
};
