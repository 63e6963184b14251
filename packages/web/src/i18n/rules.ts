import { defineMessages } from '@gatehouse/contracts';
import catalogue from './rules.json' with { type: 'json' };

/** Access rules screen (schedules, holidays, groups) and the card dialogs' group picker. */
export const rulesUi = defineMessages(catalogue);
