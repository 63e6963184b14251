import { describe, expect, it } from 'vitest';
import { ackMessage, eventMessage, statusMessage } from './device-protocol.ts';

const T = '2026-01-01T00:00:00.000Z';

describe('what the server reads from door units', () => {
  it('takes an ack with a safe integer id and a boolean ok, ignoring a malformed info', () => {
    expect(ackMessage.parse({ id: 7, ok: false, info: 'jammed', extra: 1 })).toEqual({ id: 7, ok: false, info: 'jammed' });
    expect(ackMessage.parse({ id: 7, ok: true, info: 42 })).toEqual({ id: 7, ok: true, info: undefined });
    for (const bad of [
      null,
      [],
      { ok: true },
      { id: 1.5, ok: true },
      { id: 2 ** 60, ok: true },
      { id: '7', ok: true },
      { id: 7, ok: 'yes' },
    ])
      expect(ackMessage.safeParse(bad).success).toBe(false);
  });

  it('takes a status with a boolean online, ignoring a malformed firmware', () => {
    expect(statusMessage.parse({ online: true, firmware: 'X1-2.3.0', applied: 12 })).toEqual({
      online: true,
      firmware: 'X1-2.3.0',
      applied: 12,
    });
    expect(statusMessage.parse({ online: false, firmware: 3 })).toEqual({ online: false, firmware: undefined, applied: undefined });
    expect(statusMessage.safeParse({ online: 'true' }).success).toBe(false);
  });

  it('drops an event without a known kind, an eid or a readable time', () => {
    for (const bad of [
      { kind: 'door', eid: 'e', time: T },
      { kind: 'access', eid: '', time: T },
      { kind: 'access', eid: 3, time: T },
      { kind: 'access', eid: 'e', time: 'yesterday' },
      { kind: 'call', eid: 'e' },
    ])
      expect(eventMessage.safeParse(bad).success).toBe(false);
  });

  it('keeps an alarm of a known type and drops one of an unknown type', () => {
    const e = { kind: 'alarm', eid: 'a1', time: T, alarmType: 'heldOpen' };
    expect(eventMessage.parse(e)).toEqual(e);
    for (const alarmType of ['fire', undefined, 3, 'offline']) expect(eventMessage.safeParse({ ...e, alarmType }).success).toBe(false);
  });

  it('keeps a well-formed access event as sent', () => {
    const e = {
      kind: 'access',
      eid: 'e1',
      time: T,
      type: 4,
      result: 0,
      account: '13800000001',
      userName: 'Li',
      cardNum: '',
      cardMode: 0,
      qrId: 77,
    };
    expect(eventMessage.parse(e)).toEqual(e);
  });

  it('gives malformed or missing fields their defaults', () => {
    const access = { kind: 'access', time: T, type: 1, result: 0, account: '', userName: '', cardNum: '', cardMode: 0, qrId: null };
    const usage = { time: T, account: '', callCode: '', answered: false, durationSec: 0 };
    expect(eventMessage.parse({ kind: 'access', eid: 'e2', time: T, type: 0, result: 12, cardMode: 1.5, qrId: 1.2, userName: 5 })).toEqual({
      ...access,
      eid: 'e2',
    });
    expect(eventMessage.parse({ kind: 'call', eid: 'e3', time: T, answered: 'true', durationSec: 100_000, callCode: 12 })).toEqual({
      ...usage,
      kind: 'call',
      eid: 'e3',
    });
    // Every optional field left out (or null): the same defaults.
    expect(eventMessage.parse({ kind: 'access', eid: 'e4', time: T })).toEqual({ ...access, eid: 'e4' });
    expect(eventMessage.parse({ kind: 'monitor', eid: 'e5', time: T, account: null, answered: null })).toEqual({
      ...usage,
      kind: 'monitor',
      eid: 'e5',
    });
  });
});
