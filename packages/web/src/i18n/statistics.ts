import { defineMessages } from '@gatehouse/contracts';
import catalogue from './statistics.json' with { type: 'json' };

/** Statistics screen (/appcount). */
export const statisticsUi = defineMessages(catalogue);
