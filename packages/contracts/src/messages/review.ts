import { defineMessages } from './define.ts';
import catalogue from './review.json' with { type: 'json' };

/** Access review, move-out and unused credentials (issue 13 items 5–7). */
export const reviewMessages = defineMessages(catalogue);
