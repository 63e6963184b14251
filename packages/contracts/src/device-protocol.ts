/**
 * The messages of the door-unit protocol (docs/device-protocol.md §4–§7), typed once for
 * the server that sends commands, the simulator that applies them, and the server that
 * reads what units send. Pure data and zod schemas: no node or browser APIs here.
 */
import { z } from 'zod';
import type { LiftSetting } from './access.ts';
import { DEVICE_ALARM_TYPES, type DeviceAlarmType } from './alarm.ts';
import { ACCESS_REFUSALS, type AccessRefusal, CMD_TYPE, type CmdType } from './codes.ts';
import { CMD_KIND, type CmdKind } from './devices.ts';
import type { EmergencyMode } from './live-ops.ts';
import type { GroupTablePayload, HolidayTablePayload, ScheduleTablePayload } from './schedule-table.ts';

/** `device.reset`: forget every card, face, call code and the lift file. */
export type ResetPayload = Record<string, never>;

/** `device.profile`: the unit's name and place. `hardware` is the HARDWARE bit set. */
export interface ProfilePayload {
  serial: string;
  addressId: number;
  name: string;
  address: string;
  communityId: number;
  communityName: string;
  isVilla: number;
  hardware: number;
}

/** `qr.key`: the key that signs visitor QR codes; `publicKey` is the raw 32 bytes, base64. */
export interface QrKeyPayload {
  alg: 'Ed25519';
  publicKey: string;
  publicKeyPem: string;
}

/** One entry of a unit's call-code table: the code calls this household. */
export interface CallCodeEntry {
  code: string;
  addressId: number;
  address: string;
  name: string;
}

/** `amt.table`: the complete call-code table of the unit. */
export interface CallCodesPayload {
  addressId: number;
  isVilla: number;
  entries: CallCodeEntry[];
}

/** One entry of the lift file (001 §3 "Ladder config item"): a card (with its number) or a face. */
export interface LadderFileEntry extends LiftSetting {
  source: 'card' | 'face';
  /** The card's or face's row id. */
  holderId: number;
  account: string;
  /** Cards only: the card NUMBER (not its row id, that is `holderId`); named `cardId` because DESIGN.md fixes the lift file's fields. */
  cardId?: string;
  /** The access group the entry comes from (absent: the holder's own lift control). */
  group?: number;
  /**
   * Ids of the weekly schedules (`schedule.table`) the floors are released in, any of them;
   * absent: at any time. Set on group entries whose group has a schedule other than Always.
   */
  schedules?: number[];
}

/** `ladder.file`: the complete lift-control file of the unit. */
export interface LadderFilePayload {
  addressId: number;
  isVilla: number;
  entries: LadderFileEntry[];
}

/**
 * `card.put`: one card, keyed by its number (`cardId`). The server sends every field; a
 * unit must accept a card without the optional ones. Dates are ISO 8601, UTC.
 */
export interface CardPutPayload {
  /** The card NUMBER (not its row id); the name `cardId` is kept because DESIGN.md (device protocol table) fixes it. */
  cardId: string;
  account: string;
  userName?: string;
  cardMode?: string;
  cardType?: string;
  validfrom?: string;
  validto?: string;
  status?: string;
  /**
   * Ids of the weekly schedules (`schedule.table`) the card opens in, any of them; absent:
   * at any time (access rules). Set when the card reaches the unit through access groups only.
   */
  schedules?: number[];
}

/** `card.delete`: one card, by number. */
export interface CardDeletePayload {
  /** The card NUMBER (not its row id); the name `cardId` is kept because DESIGN.md (device protocol table) fixes it. */
  cardId: string;
}

/** `face.put`: one face, keyed by its row id; dates `yyyy/MM/dd HH:mm:ss`; the photo is a JPEG, base64. */
export interface FacePutPayload {
  /** The face's ROW id (a face has no number); the name `faceId` is kept because DESIGN.md (device protocol table) fixes it. */
  faceId: number;
  account: string;
  userName: string;
  imgBase64: string;
  /** Its own door-unit entry's validity (ISO 8601, UTC, as `card.put`); absent where it reaches the unit through access groups only. */
  validfrom?: string;
  validto?: string;
  status: string;
  /** Ids of the weekly schedules the face opens in, any of them; absent: at any time (access rules, as `card.put`). */
  schedules?: number[];
}

/** `face.delete`: one face, by row id. */
export interface FaceDeletePayload {
  /** The face's ROW id, as in `face.put` (the name DESIGN.md fixes). */
  faceId: number;
}

/**
 * `emergency.mode`: the unit's emergency mode. In `lockdown` only the credentials of the
 * accounts in `allow` open (the unit's "administrator cards"); in `allOpen` the door is
 * unlocked and lift floors are released. `normal` ends either. The unit answers the ack with
 * `info` = `mode:<mode>` (docs/device-protocol.md).
 */
export interface EmergencyModePayload {
  mode: EmergencyMode;
  reason: string;
  /** Accounts whose cards and faces still open in lockdown (empty for the other modes). */
  allow: string[];
  /** When the mode was set (ISO 8601). */
  since: string;
  /**
   * Whose mode this is: `unit` is the unit's own (set on this door unit), which the community's
   * broadcasts do not override until a command with `community` arrives; `community` (the default)
   * follows the community (docs/device-protocol.md §10).
   */
  scope?: EmergencyScope;
}
export type EmergencyScope = 'community' | 'unit';

/** `door.open`: open the door once; the unit reports an access event of type remote (3) naming the operator. */
export interface DoorOpenPayload {
  /** The operator's account (phone number) and name. */
  operator: string;
  operatorName: string;
}

/**
 * `qr.revoke`: the visitor QR code `id` was withdrawn before its signed expiry; refuse it
 * (access result 4, reason `revoked`) until `until` (its signed expiry `t`, Unix seconds),
 * after which the unit may forget the entry (the code has expired anyway).
 */
export interface QrRevokePayload {
  id: number;
  until: number;
}

/** How a unit reads a `qr.revoke` payload (a wrong one is answered `ok: false`). */
export const qrRevokePayload = z.object({ id: z.int().min(1), until: z.int().min(0) });

/** The payload of each command kind. */
export interface CommandPayloads {
  [CMD_KIND.reset]: ResetPayload;
  [CMD_KIND.profile]: ProfilePayload;
  [CMD_KIND.qrKey]: QrKeyPayload;
  [CMD_KIND.callCodes]: CallCodesPayload;
  [CMD_KIND.ladderFile]: LadderFilePayload;
  [CMD_KIND.cardPut]: CardPutPayload;
  [CMD_KIND.cardDelete]: CardDeletePayload;
  [CMD_KIND.facePut]: FacePutPayload;
  [CMD_KIND.faceDelete]: FaceDeletePayload;
  [CMD_KIND.emergencyMode]: EmergencyModePayload;
  [CMD_KIND.doorOpen]: DoorOpenPayload;
  [CMD_KIND.scheduleTable]: ScheduleTablePayload;
  [CMD_KIND.holidayTable]: HolidayTablePayload;
  [CMD_KIND.groupTable]: GroupTablePayload;
  [CMD_KIND.qrRevoke]: QrRevokePayload;
}

/** The command type (001 §4, shown in the command list) of each kind. */
export const CMD_TYPE_OF: { readonly [K in CmdKind]: CmdType } = {
  [CMD_KIND.reset]: CMD_TYPE.other,
  [CMD_KIND.profile]: CMD_TYPE.other,
  [CMD_KIND.qrKey]: CMD_TYPE.other,
  [CMD_KIND.callCodes]: CMD_TYPE.other,
  [CMD_KIND.ladderFile]: CMD_TYPE.ladder,
  [CMD_KIND.cardPut]: CMD_TYPE.card,
  [CMD_KIND.cardDelete]: CMD_TYPE.card,
  [CMD_KIND.facePut]: CMD_TYPE.face,
  [CMD_KIND.faceDelete]: CMD_TYPE.face,
  [CMD_KIND.emergencyMode]: CMD_TYPE.other,
  [CMD_KIND.doorOpen]: CMD_TYPE.other,
  [CMD_KIND.scheduleTable]: CMD_TYPE.other,
  [CMD_KIND.holidayTable]: CMD_TYPE.other,
  [CMD_KIND.groupTable]: CMD_TYPE.other,
  [CMD_KIND.qrRevoke]: CMD_TYPE.other,
};

/** A command's kind with its payload: narrowing on `kind` gives the payload's type. */
export type DeviceCommand = { [K in CmdKind]: { kind: K; payload: CommandPayloads[K] } }[CmdKind];

/** server → device, on `cmd`. */
export type CmdMessage = DeviceCommand & {
  id: number;
  type: CmdType;
  /** When the server created the command (ISO 8601). */
  createdAt: string;
  /**
   * What the command is about (`card:<no>`, `face:<id>`, `schedule`, …): a newer command for the same
   * object supersedes it. A unit never applies one older (a lower id) than the last it applied for
   * that object (docs/device-protocol.md §5, "Order"). Absent: no such rule.
   */
  object?: string;
};

/** A field a unit may send wrong or leave out: ignored then (unknown fields are ignored too). */
const optional = <T extends z.ZodType>(s: T) => s.optional().catch(undefined);

/** device → server, on `ack`. */
export const ackMessage = z.object({ id: z.int(), ok: z.boolean(), info: optional(z.string()) });
export type AckMessage = z.infer<typeof ackMessage>;

/** device → server, retained, on `status`; the last will carries `{ online: false }`. */
export const statusMessage = z.object({
  online: z.boolean(),
  firmware: optional(z.string()),
  /** Commands the device has applied so far (diagnostics only). */
  applied: optional(z.number()),
});
export type StatusMessage = z.infer<typeof statusMessage>;

/** device → server, on `event`. `eid` is unique per device (the server keeps each once). */
export type EventMessage =
  | {
      kind: 'access';
      eid: string;
      time: string;
      type: number;
      result: number;
      account?: string;
      userName?: string;
      cardNum?: string;
      cardMode?: number;
      qrId?: number;
      /** Why an open was refused (with result 9): the access rules' `schedule` / `holiday`, or `lockdown` (emergency mode); `revoked` (result 4): a withdrawn QR code. */
      reason?: AccessRefusal;
    }
  | { kind: 'punch'; eid: string; time: string; type: number; account: string; userName?: string }
  | { kind: 'call'; eid: string; time: string; callCode: string; answered: boolean; durationSec: number; account?: string }
  | { kind: 'monitor'; eid: string; time: string; account?: string; durationSec: number }
  | { kind: 'alarm'; eid: string; time: string; alarmType: DeviceAlarmType };

/**
 * server → device, on `evack` (QoS 1, not retained): the events of these eids are stored (or were
 * stored before, or can never be: a malformed event). A unit that subscribes to `evack` keeps each
 * event it sent until its eid is confirmed and publishes it again, unchanged, when no confirmation
 * came within a while (docs/device-protocol.md §7); a unit that does not is unaffected.
 */
export const evackMessage = z.object({ eids: z.array(z.string()) });
export type EvackMessage = z.infer<typeof evackMessage>;

/*
 * A field left out takes its default through `.default` (no parse, no issue), one sent wrong through `.catch`:
 * the same answer, but a missing field no longer builds and drops a validation issue (7× the time of a full
 * event for the sparse events units send, measured 29 Nov 2026).
 */
/** A whole number in a range; out of range or missing, the default (what the unit meant is unknown). */
const whole = (min: number, max: number, dflt: number) => z.int().min(min).max(max).default(dflt).catch(dflt);
/** Text a unit may leave out or send as another type: empty then. */
const text = z.string().default('').catch('');
const eventHead = {
  eid: z.string().min(1),
  time: z.string().refine((t) => !Number.isNaN(new Date(t).getTime())),
};

/**
 * How the server reads an `event`: the kind, eid and time must be right (else the event
 * is dropped); the other fields fall back to their defaults when missing or malformed.
 */
const accessFields = {
  ...eventHead,
  type: whole(1, 99, 1),
  result: whole(0, 9, 0),
  account: text,
  userName: text,
  cardNum: text,
  cardMode: whole(0, 5, 0),
  qrId: z.int().nullable().default(null).catch(null),
  reason: z.enum(ACCESS_REFUSALS).optional().catch(undefined),
};
const usageFields = {
  ...eventHead,
  account: text,
  callCode: text,
  answered: z.boolean().default(false).catch(false),
  durationSec: whole(0, 86_400, 0),
};
export const eventMessage = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('access'), ...accessFields }),
  z.object({ kind: z.literal('punch'), ...accessFields }),
  z.object({ kind: z.literal('call'), ...usageFields }),
  z.object({ kind: z.literal('monitor'), ...usageFields }),
  /** An alarm of an unknown type is dropped: what the unit meant is unknown. */
  z.object({ kind: z.literal('alarm'), ...eventHead, alarmType: z.enum(DEVICE_ALARM_TYPES) }),
]);
/** An event as the server stores it. */
export type ReadEvent = z.output<typeof eventMessage>;

/**
 * device → server, on `heartbeat` (QoS 0 or 1, not retained), every minute or so
 * (docs/device-protocol.md "Heartbeat"): what the unit runs and how it is. A unit silent
 * longer than DEVICE_SILENT_AFTER_MS is taken as offline (an "offline" alarm).
 */
export const heartbeatMessage = z.object({
  firmware: z.string().min(1).max(50),
  /** Seconds since the unit started. */
  uptimeS: z
    .int()
    .min(0)
    .max(100 * 365 * 86_400),
  /** Free storage for credentials and logs, bytes. */
  freeStorageBytes: z.int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export type HeartbeatMessage = z.infer<typeof heartbeatMessage>;
