import { defineMessages } from '@gatehouse/contracts';
import catalogue from './emergency.json' with { type: 'json' };

/** Emergency modes (banner, dialog) and remote open (door-unit list). Mode names are server keys `emergency.mode.*`. */
export const emergencyUi = defineMessages(catalogue);
