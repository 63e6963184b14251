import { defineMessages } from '@gatehouse/contracts';
import catalogue from './message.json' with { type: 'json' };

/** Message management screen. */
export const messageUi = defineMessages(catalogue);
