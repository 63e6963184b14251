import { describe, expect, it } from 'vitest';
import { totpAt } from '../../test/totp-code.ts';
import { matchTotp, newTotpSecret, totpCode, totpStep, totpUri } from './totp.ts';

/** RFC 6238 appendix B, SHA-1: the seed "12345678901234567890" (base32), 8 digits. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it("computes the RFC 6238 test vectors, both in the server and in the tests' own implementation", () => {
    for (const [seconds, code] of RFC_VECTORS) {
      expect(totpCode(RFC_SECRET, seconds * 1000, 8)).toBe(code);
      expect(totpAt(RFC_SECRET, seconds * 1000, 8)).toBe(code);
    }
  });

  it('accepts a code one step either side of the moment and answers its step; refuses two steps off and wrong codes', () => {
    const secret = newTotpSecret();
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    for (const d of [-1, 0, 1]) expect(matchTotp(secret, totpAt(secret, now + d * 30_000), now)).toBe(step + d);
    for (const d of [-2, 2]) expect(matchTotp(secret, totpAt(secret, now + d * 30_000), now)).toBeNull();
    const right = totpAt(secret, now);
    expect(matchTotp(secret, right === '000000' ? '000001' : '000000', now)).toBeNull();
  });

  it('makes 160-bit secrets and an otpauth URI with the account as label', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(totpUri(secret, '13900000001'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Gatehouse');
    expect([uri.searchParams.get('digits'), uri.searchParams.get('period'), uri.searchParams.get('algorithm')]).toEqual([
      '6',
      '30',
      'SHA1',
    ]);
  });
});
