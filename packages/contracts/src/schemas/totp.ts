import { z } from 'zod';
import { msg } from '../messages/define.ts';
import { TOTP_CODE } from '../patterns.ts';
import { optStr, reqStr } from './common.ts';

/**
 * Administrator authenticator (RFC 6238 TOTP) parameters: what every authenticator
 * app understands (SHA-1, 6 digits, 30 s), one step of clock drift either way.
 */
export const TOTP = { issuer: 'Gatehouse', algorithm: 'SHA1', digits: 6, periodSec: 30, driftSteps: 1, recoveryCodes: 10 } as const;

const totpCode = reqStr('f.totpCode', TOTP.digits).refine(
  (v) => TOTP_CODE.test(v),
  msg('v.exactLen', { field: '@f.totpCode', len: TOTP.digits }),
);

export const confirmTotpInput = z.object({ code: totpCode });

/** Disabling needs proof: a current authenticator code (or a recovery code), or the password. */
export const disableTotpInput = z
  .object({ code: optStr('f.totpCode', 20), password: optStr('f.password', 50) })
  .refine((v) => v.code !== undefined || v.password !== undefined, { message: msg('totp.disableProof'), path: ['code'] });
