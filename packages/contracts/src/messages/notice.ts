import { defineMessages } from './define.ts';
import catalogue from './notice.json' with { type: 'json' };

/** Property notices. */
export const noticeMessages = defineMessages(catalogue);
