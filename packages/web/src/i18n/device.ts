import { defineMessages } from '@gatehouse/contracts';
import catalogue from './device.json' with { type: 'json' };

/** Device pool, device list, visitor QR codes, door units and commands. */
export const deviceUi = defineMessages(catalogue);
