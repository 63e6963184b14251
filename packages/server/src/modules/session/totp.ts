import { TOTP as P } from '@gatehouse/contracts';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 TOTP over the otpauth library, with the parameters of contracts (SHA-1, 6 digits, 30 s). */
const totp = (secret: string, label = '', digits: number = P.digits) =>
  new TOTP({ issuer: P.issuer, label, algorithm: P.algorithm, digits, period: P.periodSec, secret: Secret.fromBase32(secret) });

/** A new random secret (160 bits, the RFC 4226 recommendation), base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an authenticator app reads from the QR code. */
export const totpUri = (secret: string, label: string): string => totp(secret, label).toString();

/** The time step (counter) of a moment. */
export const totpStep = (timestampMs: number): number => Math.floor(timestampMs / 1000 / P.periodSec);

/** The code of a secret at a moment (digits: 6, or 8 for the RFC test vectors). */
export const totpCode = (secret: string, timestampMs: number, digits: number = P.digits): string =>
  totp(secret, '', digits).generate({ timestamp: timestampMs });

/** The time step a code belongs to, within the allowed drift of the moment, or null. */
export function matchTotp(secret: string, code: string, timestampMs: number): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: timestampMs, window: P.driftSteps });
  return delta === null ? null : totpStep(timestampMs) + delta;
}
