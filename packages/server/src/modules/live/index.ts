import type { Area } from '../area.ts';
import { liveHandlers } from './routes.ts';

/** Live operations: the event stream and the overview (docs/live-operations.md). */
export const liveArea: Area = {
  name: 'live',
  handlers: liveHandlers,
};
