import { CMD_KIND, CMD_TYPE, type CmdMessage, type EmergencyModePayload } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { DeviceState } from './state.ts';

const mode = (id: number, p: Partial<EmergencyModePayload>): CmdMessage =>
  ({
    id,
    type: CMD_TYPE.other,
    kind: CMD_KIND.emergencyMode,
    object: 'emergency',
    payload: { mode: 'normal', reason: '', allow: [], since: '2026-11-30T00:00:00.000Z', ...p },
    createdAt: '2026-11-30T00:00:00.000Z',
  }) as CmdMessage;

/** The community broadcast against the unit's own commands (docs/device-protocol.md §10). */
describe('emergency broadcasts on the unit', () => {
  it('a broadcast applies once and never over a newer command; its own command follows and applies', () => {
    const s = new DeviceState();
    expect(s.applyBroadcast(mode(10, { mode: 'lockdown', allow: ['1'] }))).toBe(true);
    expect(s.emergency.mode).toBe('lockdown');
    // The same broadcast again (retained, on subscribing): dropped.
    expect(s.applyBroadcast(mode(10, { mode: 'lockdown' }))).toBe(false);
    // Its own command of the same change (id not lower): applied as usual.
    expect(s.superseded(mode(12, { mode: 'lockdown', scope: 'community' }))).toBe(false);
    s.apply(mode(12, { mode: 'lockdown', scope: 'community' }));
    // A broadcast no newer than the last command: dropped.
    expect(s.applyBroadcast(mode(11, { mode: 'normal' }))).toBe(false);
    expect(s.emergency.mode).toBe('lockdown');
  });

  it("a unit's own mode is kept against broadcasts, and applies though a broadcast came first", () => {
    const s = new DeviceState();
    // Away, the unit missed its own all open (command 20); the community's lockdown broadcast (30) comes first.
    expect(s.applyBroadcast(mode(30, { mode: 'lockdown' }))).toBe(true);
    const own = mode(20, { mode: 'allOpen', scope: 'unit' });
    expect(s.superseded(own)).toBe(false);
    s.apply(own);
    expect(s.emergency.mode).toBe('allOpen');
    // From now on the community's broadcasts leave it alone.
    expect(s.applyBroadcast(mode(40, { mode: 'normal' }))).toBe(false);
    expect(s.emergency.mode).toBe('allOpen');
    // Its own mode lifted (a command with scope community): it follows the community again.
    s.apply(mode(50, { mode: 'normal', scope: 'community' }));
    expect(s.applyBroadcast(mode(60, { mode: 'lockdown' }))).toBe(true);
    expect(s.emergency.mode).toBe('lockdown');
  });

  it("a community command older than the broadcast applied since is superseded (the broker's late copy)", () => {
    const s = new DeviceState();
    expect(s.applyBroadcast(mode(70, { mode: 'normal' }))).toBe(true);
    expect(s.superseded(mode(65, { mode: 'lockdown', scope: 'community' }))).toBe(true);
    expect(s.superseded(mode(65, { mode: 'lockdown' }))).toBe(true);
    expect(s.superseded(mode(71, { mode: 'normal', scope: 'community' }))).toBe(false);
  });
});
