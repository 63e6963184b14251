import crypto from 'node:crypto';
import { ACCESS_RESULT, CMD_KIND, CMD_TYPE, type CmdMessage, QR_PREFIX, type QrBody } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { checkQr } from './qr.ts';
import { DeviceState } from './state.ts';

const { privateKey, publicKey } = crypto.generateKeyPairSync('ed25519');
const sign = (body: QrBody) => {
  const head = `${QR_PREFIX}.${Buffer.from(JSON.stringify(body), 'utf8').toString('base64url')}`;
  return `${head}.${crypto.sign(null, Buffer.from(head, 'ascii'), privateKey).toString('base64url')}`;
};
const at = (s: number) => new Date(s * 1000);
const revoke = (id: number, payload: unknown): CmdMessage =>
  ({ id, type: CMD_TYPE.other, kind: CMD_KIND.qrRevoke, payload, createdAt: '2026-11-22T08:00:00.000Z' }) as CmdMessage;

describe('qr.revoke on the unit', () => {
  const body: QrBody = { id: 77, d: 'SN1', n: 3, f: 1_000, t: 2_000 };
  const code = sign(body);

  it('a revoked code is refused (result 4, reason revoked) until its signed expiry; then it is expired as before', () => {
    const state = new DeviceState();
    const rules = { groups: [], schedules: null, holidays: [], revoked: state.qrRevoked };
    expect(checkQr(code, publicKey, 'SN1', state.qrOpens, at(1_500), rules)).toMatchObject({ ok: true });
    state.apply(revoke(1, { id: 77, until: 2_000 }));
    expect(state.qrRevoked.get(77)).toBe(2_000);
    expect(checkQr(code, publicKey, 'SN1', state.qrOpens, at(1_600), rules)).toEqual({
      ok: false,
      result: ACCESS_RESULT.disabled,
      qrId: 77,
      reason: 'revoked',
    });
    expect(state.qrOpens.get(77)).toBe(1);
    expect(checkQr(code, publicKey, 'SN1', state.qrOpens, at(2_001), rules)).toMatchObject({ result: ACCESS_RESULT.expired });
    // on another unit the code stays a code for another unit
    expect(checkQr(code, publicKey, 'SN2', state.qrOpens, at(1_600), rules)).toMatchObject({ result: ACCESS_RESULT.wrongDevice });
    // another code still opens
    expect(checkQr(sign({ ...body, id: 78 }), publicKey, 'SN1', state.qrOpens, at(1_600), rules)).toMatchObject({ ok: true });
  });

  it('keeps revocations across a reset; a malformed payload is refused', () => {
    const state = new DeviceState();
    state.apply(revoke(1, { id: 77, until: 2_000 }));
    state.apply({ id: 2, type: CMD_TYPE.other, kind: CMD_KIND.reset, payload: {}, createdAt: '2026-11-22T08:00:00.000Z' });
    expect(state.qrRevoked.get(77)).toBe(2_000);
    expect(() => state.apply(revoke(3, { id: 'x' }))).toThrow('qr.revoke without id or until');
    expect(() => state.apply(revoke(4, {}))).toThrow();
  });
});
