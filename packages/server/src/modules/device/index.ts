import type { Area } from '../area.ts';
import { deviceDependent } from './dependents.ts';
import { deviceHandlers } from './routes.ts';

/** What the device area contributes (collected in modules/index.ts). */
export const deviceArea: Area = {
  name: 'device',
  handlers: deviceHandlers,
  dependents: [deviceDependent],
};
