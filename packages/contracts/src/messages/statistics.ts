import { defineMessages } from './define.ts';
import catalogue from './statistics.json' with { type: 'json' };

/** Statistics screen (/appcount): range rules and chart texts. */
export const statisticsMessages = defineMessages(catalogue);
