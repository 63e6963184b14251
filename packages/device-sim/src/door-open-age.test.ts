import { CMD_KIND, CMD_TYPE, type CmdMessage, DOOR_OPEN_MAX_AGE_MS } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { DeviceState } from './state.ts';

const open = (id: number, createdAt: Date): CmdMessage =>
  ({
    id,
    type: CMD_TYPE.other,
    kind: CMD_KIND.doorOpen,
    payload: { operator: '13800000001', operatorName: 'Duty Lead' },
    createdAt: createdAt.toISOString(),
  }) as CmdMessage;

/** Protocol §10: a unit drops a door.open older than DOOR_OPEN_MAX_AGE_MS (issue 37, item 7). */
describe('door.open age rule on the unit', () => {
  it('opens for a fresh command, refuses an old one without opening', () => {
    const state = new DeviceState();
    const now = new Date('2026-11-28T10:00:00Z');
    state.apply(open(1, new Date(now.getTime() - 2_000)), now);
    expect(state.remoteOpens).toEqual(['13800000001']);
    expect(() => state.apply(open(2, new Date(now.getTime() - DOOR_OPEN_MAX_AGE_MS - 1)), now)).toThrow(
      /^expired: door.open older than 10 s$/,
    );
    expect(state.remoteOpens).toHaveLength(1);
    expect(state.has(2)).toBe(false);
  });
});
