import { defineMessages } from './define.ts';
import catalogue from './device.json' with { type: 'json' };

/** Device pool, device list, QR codes, door units and commands (001 §2–§8). */
export const deviceMessages = defineMessages(catalogue);
