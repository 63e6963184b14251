import { CMD_KIND, CMD_TYPE, type CmdMessage } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { DeviceState } from './state.ts';

const at = new Date('2026-11-29T08:00:00Z').toISOString();
const put = (id: number): CmdMessage => ({
  id,
  type: CMD_TYPE.face,
  kind: CMD_KIND.facePut,
  createdAt: at,
  object: 'face:5',
  payload: { faceId: 5, account: '13900000001', userName: 'P', imgBase64: 'x', status: '1' },
});
const del = (id: number): CmdMessage => ({
  id,
  type: CMD_TYPE.face,
  kind: CMD_KIND.faceDelete,
  createdAt: at,
  object: 'face:5',
  payload: { faceId: 5 },
});

/** Protocol §5 "Order": a command older than the last applied for its object is not applied. */
describe("the order of an object's commands on the unit", () => {
  it('a put kept by the broker that arrives after the delete that replaced it leaves the face deleted', () => {
    const s = new DeviceState();
    s.apply(put(10));
    expect(s.faces.has('5')).toBe(true);
    // The unit was away: the server's re-send of the delete reaches it before the broker's copy of an older put.
    const older = put(11);
    s.apply(del(12));
    expect(s.superseded(older)).toBe(true);
    expect(s.faces.has('5')).toBe(false);
    // A newer put applies as usual.
    expect(s.superseded(put(13))).toBe(false);
    s.apply(put(13));
    expect(s.faces.has('5')).toBe(true);
  });

  it('commands without an object keep the plain rule (arrival order)', () => {
    const s = new DeviceState();
    const { object: _a, ...plain } = del(12);
    s.apply(plain as CmdMessage);
    const { object: _b, ...older } = put(11);
    expect(s.superseded(older as CmdMessage)).toBe(false);
  });
});
