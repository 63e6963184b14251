import { defineMessages } from './define.ts';
import catalogue from './address.json' with { type: 'json' };

/** Addresses, device activation and call-code tables (000 §3, §5, §8). */
export const addressMessages = defineMessages(catalogue);
