import { defineMessages } from './define.ts';
import catalogue from './message.json' with { type: 'json' };

/** Message management (import history). */
export const messageMessages = defineMessages(catalogue);
