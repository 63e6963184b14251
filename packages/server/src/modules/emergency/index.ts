import type { Area } from '../area.ts';
import { emergencyHandlers } from './routes.ts';
import { emergencySource } from './service.ts';

/** Emergency modes and remote open (docs/live-operations.md); a unit's configuration carries its mode in force. */
export const emergencyArea: Area = {
  name: 'emergency',
  handlers: emergencyHandlers,
  desiredSources: [emergencySource],
};
