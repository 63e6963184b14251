import { defineMessages } from './define.ts';
import catalogue from './session.json' with { type: 'json' };

/** Sign-in, activation, password reset and shell messages (000 §2, §4, §5). */
export const sessionMessages = defineMessages(catalogue);
