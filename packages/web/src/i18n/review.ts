import { defineMessages } from '@gatehouse/contracts';
import catalogue from './review.json' with { type: 'json' };

/** Access review, move-out and unused credentials (column titles and kinds are server keys `review.*`). */
export const reviewUi = defineMessages(catalogue);
