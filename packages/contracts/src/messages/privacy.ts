import { defineMessages } from './define.ts';
import catalogue from './privacy.json' with { type: 'json' };

/** Personal data: face consent, erasure receipts, photo views (issue 35 items 1, 3, 5). */
export const privacyMessages = defineMessages(catalogue);
