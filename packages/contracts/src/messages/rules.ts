import { defineMessages } from './define.ts';
import catalogue from './rules.json' with { type: 'json' };

/** Access rules (issue 13): weekly schedules, holidays, access groups. */
export const rulesMessages = defineMessages(catalogue);
