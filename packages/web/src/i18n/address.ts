import { defineMessages } from '@gatehouse/contracts';
import catalogue from './address.json' with { type: 'json' };

/** Address management, device activation, call-code tables. */
export const addressUi = defineMessages(catalogue);
