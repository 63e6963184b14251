import type { Area } from '../area.ts';
import { cardDependent } from './dependents.ts';
import { cardHandlers } from './routes.ts';

/** What the card area contributes (collected in modules/index.ts). */
export const cardArea: Area = {
  name: 'card',
  handlers: cardHandlers,
  dependents: [cardDependent],
};
