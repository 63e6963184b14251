import type { Area } from '../area.ts';
import { messageHandlers } from './routes.ts';

/** What the message area contributes (collected in modules/index.ts). */
export const messageArea: Area = {
  name: 'message',
  handlers: messageHandlers,
};
