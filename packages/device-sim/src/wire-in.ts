import type { CmdMessage } from '@gatehouse/contracts';

/** A message's JSON body; undefined when it is not JSON. */
export function jsonIn(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** A command (or broadcast) as received: null when it is not JSON or has no integer id. */
export function commandIn(payload: Buffer): CmdMessage | null {
  const cmd = jsonIn(payload) as CmdMessage | undefined;
  return Number.isSafeInteger(cmd?.id) ? (cmd as CmdMessage) : null;
}
