import { defineMessages } from './define.ts';
import catalogue from './fields.json' with { type: 'json' };

/** Field names used inside validation messages ('@f.x' parameters). */
export const fieldMessages = defineMessages(catalogue);
