import { defineMessages } from '@gatehouse/contracts';
import catalogue from './totp.json' with { type: 'json' };

/** Administrator authenticator: the profile dialog's section and the sign-in step. */
export const totpUi = defineMessages(catalogue);
