import type { Area } from '../area.ts';
import { sessionHandlers } from './routes.ts';
import { totpHandlers } from './totp-routes.ts';

/** What the session area contributes (collected in modules/index.ts). */
export const sessionArea: Area = {
  name: 'session',
  handlers: [...sessionHandlers, ...totpHandlers],
};
