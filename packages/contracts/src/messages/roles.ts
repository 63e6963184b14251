import { defineMessages } from './define.ts';
import catalogue from './roles.json' with { type: 'json' };

/** Role names (000 §6). */
export const roleMessages = defineMessages(catalogue);
