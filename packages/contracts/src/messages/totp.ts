import { defineMessages } from './define.ts';
import catalogue from './totp.json' with { type: 'json' };

/** Administrator second factors: authenticator (TOTP) enrolment and sign-in. */
export const totpMessages = defineMessages(catalogue);
