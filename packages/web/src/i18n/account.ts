import { defineMessages } from '@gatehouse/contracts';
import catalogue from './account.json' with { type: 'json' };

/** Account management, permission management and account migration screens. */
export const accountUi = defineMessages(catalogue);
