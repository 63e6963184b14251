import { empty } from '../schemas/common.ts';
import { confirmTotpInput, disableTotpInput } from '../schemas/totp.ts';
import { defineRoutes, r } from './define.ts';

export * from '../schemas/totp.ts';

/** An administrator's second factors, as the profile dialog shows them. */
export interface TotpState {
  /** The authenticator is confirmed and accepted at sign-in. */
  enabled: boolean;
  /** Unused recovery codes left. */
  recoveryLeft: number;
}

/** A pending enrolment: the secret is answered here once, never again after confirmation. */
export interface TotpEnrolment {
  secret: string;
  /** otpauth:// URI (what the QR code carries). */
  uri: string;
  /** The URI as a QR code image (data: URL, PNG). */
  qr: string;
}

/**
 * Administrator authenticator (TOTP) enrolment from the profile dialog. Signed-in
 * administrators only (roles below 2): the service refuses everyone else. The SMS
 * step of sign-in (205) stays; an enabled authenticator is a second way to answer it.
 */
export const totpRoutes = defineRoutes('totp', {
  getTotpState: r<TotpState>()({ method: 'GET', input: empty, access: 'session' }),
  startTotp: r<TotpEnrolment>()({ method: 'POST', input: empty, access: 'session' }),
  confirmTotp: r<{ recoveryCodes: string[] }>()({ method: 'POST', input: confirmTotpInput, access: 'session' }),
  disableTotp: r<null>()({ method: 'POST', input: disableTotpInput, access: 'session' }),
});
