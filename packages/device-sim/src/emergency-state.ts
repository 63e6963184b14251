import { EMERGENCY_MODE, type EmergencyMode, type EmergencyModePayload } from '@gatehouse/contracts';

/**
 * What a door unit does in an emergency mode (docs/live-operations.md): in `lockdown` only
 * the credentials of the allowed accounts open (others are refused with an access event,
 * result 9 "other", reason `lockdown`); in `allOpen` the door is unlocked and the lift floors
 * released; `normal` ends either.
 */
export class EmergencyState {
  mode: EmergencyMode = EMERGENCY_MODE.normal;
  reason = '';
  allow = new Set<string>();
  /** The mode is the unit's own (scope `unit`): the community's broadcasts leave it alone. */
  own = false;
  /** The door lock is held open (all open). */
  get doorsUnlocked(): boolean {
    return this.mode === EMERGENCY_MODE.allOpen;
  }
  /** Lift floors released to every floor (all open). */
  get liftReleased(): boolean {
    return this.mode === EMERGENCY_MODE.allOpen;
  }

  apply(p: EmergencyModePayload): void {
    if (!Object.values(EMERGENCY_MODE).includes(p?.mode)) throw new Error(`emergency.mode: unknown mode ${String(p?.mode)}`);
    this.mode = p.mode;
    this.reason = String(p.reason ?? '');
    this.allow = new Set(p.mode === EMERGENCY_MODE.lockdown && Array.isArray(p.allow) ? p.allow.map(String) : []);
    this.own = p.scope === 'unit';
  }

  /** Whether a credential of this account opens in the current mode (its own validity checked elsewhere). */
  admits(account: string): boolean {
    return this.mode !== EMERGENCY_MODE.lockdown || this.allow.has(account);
  }
}
