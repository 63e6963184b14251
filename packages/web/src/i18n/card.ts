import { defineMessages } from '@gatehouse/contracts';
import catalogue from './card.json' with { type: 'json' };

/**
 * The shared download (door-unit assignment) dialog of cards and faces (`ui.door.*`), the shared
 * lift (ladder) configuration dialog of cards and faces (`ui.ladder.*`), gate and lift card lists,
 * the card dialogs and the door-unit card list.
 */
export const cardUi = defineMessages(catalogue);
