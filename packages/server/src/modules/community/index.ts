import type { Area } from '../area.ts';
import { communityHandlers } from './routes.ts';

/** What the community area contributes (collected in modules/index.ts). */
export const communityArea: Area = {
  name: 'community',
  handlers: communityHandlers,
};
