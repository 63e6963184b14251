import { defineMessages } from './define.ts';
import catalogue from './menus.json' with { type: 'json' };

/** Menu names (000 §2, 001 §2). Keys are 'menu.' + the menu key. */
export const menuMessages = defineMessages(catalogue);
