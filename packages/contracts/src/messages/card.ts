import { defineMessages } from './define.ts';
import catalogue from './card.json' with { type: 'json' };

/** Access and lift cards, their door-unit entries and lift control (001 §5, §8). */
export const cardMessages = defineMessages(catalogue);
