import crypto from 'node:crypto';
import {
  ACCESS_RESULT,
  ACCESS_TYPE,
  CMD_KIND,
  type CmdMessage,
  type DoorOpenPayload,
  EMERGENCY_MODE,
  type EmergencyMode,
  type EmergencyModePayload,
  type EventMessage,
} from '@gatehouse/contracts';
import type { CardVerdict } from './schedule.ts';
import type { DeviceState } from './state.ts';

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
  }

  /** Whether a credential of this account opens in the current mode (its own validity checked elsewhere). */
  admits(account: string): boolean {
    return this.mode !== EMERGENCY_MODE.lockdown || this.allow.has(account);
  }
}

/** The ack info of a command the unit applied: emergency.mode reports the mode it is now in. */
export function ackInfo(state: DeviceState, cmd: CmdMessage): string | undefined {
  if (cmd.kind === CMD_KIND.emergencyMode) {
    return `mode:${state.emergency.mode}${state.emergency.doorsUnlocked ? ';doors:unlocked' : ''}`;
  }
  if (cmd.kind === CMD_KIND.doorOpen) return 'opened';
  return undefined;
}

/** The access event a remote open reports: type remote (3), result ok, the operator's account. */
export function remoteOpenEvent(p: DoorOpenPayload, now = new Date()): EventMessage {
  return {
    kind: 'access',
    eid: crypto.randomUUID(),
    time: now.toISOString(),
    type: ACCESS_TYPE.remote,
    result: ACCESS_RESULT.ok,
    account: String(p?.operator ?? '').slice(0, 20),
    userName: String(p?.operatorName ?? '').slice(0, 50),
  };
}

/**
 * What an emergency mode decides when a card is presented, before the card's own rules:
 * in all open every card opens (the door is unlocked anyway); in lockdown a held card of an
 * account the mode does not admit is refused (reason `lockdown`). Null: the mode has no say.
 */
export function emergencyVerdict(state: DeviceState, cardNum: string): CardVerdict | null {
  const card = state.cards.get(cardNum);
  if (state.emergency.doorsUnlocked) return { result: ACCESS_RESULT.ok, ...(card ? { card } : {}) };
  if (card && !state.emergency.admits(card.account)) return { result: ACCESS_RESULT.other, reason: 'lockdown', card };
  return null;
}
