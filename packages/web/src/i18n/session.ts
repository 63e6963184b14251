import { defineMessages } from '@gatehouse/contracts';
import catalogue from './session.json' with { type: 'json' };

/** Sign-in, activation and forgotten-password screens. */
export const sessionUi = defineMessages(catalogue);
