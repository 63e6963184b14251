import { defineMessages } from './define.ts';
import catalogue from './common.json' with { type: 'json' };

/** Messages of the envelope contract, validation and the shell (000 §5, §8). */
export const commonMessages = defineMessages(catalogue);
