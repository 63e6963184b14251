import { defineMessages } from './define.ts';
import catalogue from './datareq.json' with { type: 'json' };

/** A person's data export and the per-community retention (issue 35 items 2 and 4). */
export const datareqMessages = defineMessages(catalogue);
