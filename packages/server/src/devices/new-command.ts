import { CMD_TYPE_OF, type CmdKind, type CmdType, type CommandPayloads, type DeviceCommand } from '@gatehouse/contracts';

/**
 * A command for a door unit as an area asks for it, before the queue (devices/commands.ts) files it.
 */

/** How a queued command is filed: supersession key and what the command list shows. */
export interface CommandMeta {
  /** Commands of a device with the same non-empty key supersede each other (older pending → 4). */
  objectKey: string;
  /** Address text the command is about (default: the door unit's address). */
  subject?: string;
  /** Account the command is about (a card or face holder), if any. */
  account?: string;
  /** Higher leaves before the device's other pending commands (default 0). */
  priority?: number;
}

/** A date on the wire (a credential's validity): ISO 8601 in UTC, the one format of every payload. */
export const wireDate = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();

/** Commands for the devices of some door units (one entry of `CommandQueue.addMany`). */
export interface QueuedSend {
  to: readonly number[];
  cmds: readonly NewCommand[];
}

/** A command for one door unit, as an area asks for it: the payload is the kind's (device-protocol.ts). */
export type NewCommand = DeviceCommand & CommandMeta & { type: CmdType };

/** Builds a command of one kind; its type (001 §4) follows from the kind, and a wrong payload does not compile. */
export function command<K extends CmdKind>(kind: K, payload: CommandPayloads[K], meta: CommandMeta): NewCommand {
  return { type: CMD_TYPE_OF[kind], kind, payload, ...meta } as NewCommand;
}
