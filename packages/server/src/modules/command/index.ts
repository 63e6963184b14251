import type { Area } from '../area.ts';
import { commandHandlers } from './routes.ts';

/** What the command area contributes (collected in modules/index.ts). */
export const commandArea: Area = {
  name: 'command',
  handlers: commandHandlers,
};
