import crypto from 'node:crypto';
import { ACCESS_RESULT, ACCESS_TYPE, CMD_KIND, type CmdMessage, type DoorOpenPayload, type EventMessage } from '@gatehouse/contracts';
import type { CardVerdict } from './schedule.ts';
import type { DeviceState } from './state.ts';

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
