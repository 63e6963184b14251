import type crypto from 'node:crypto';
import {
  type CallCodeEntry,
  type CardPutPayload,
  CMD_KIND,
  type CmdMessage,
  DOOR_OPEN_MAX_AGE_MS,
  type FacePutPayload,
  type GroupEntry,
  type HolidayEntry,
  type LadderFileEntry,
  type ProfilePayload,
  qrRevokePayload,
  type ScheduleTablePayload,
} from '@gatehouse/contracts';
import { EmergencyState } from './emergency-state.ts';
import { publicKeyFromRaw } from './qr-key.ts';

/** The list a table command carries under `key`; a command without one is refused (the ack says which). */
function listIn<P, K extends keyof P>(kind: string, payload: P | undefined, key: K): P[K] {
  const list = payload?.[key];
  if (!Array.isArray(list)) throw new Error(`${kind} without ${String(key)}`);
  return list;
}

/** What the unit keeps of a card or face: the put payload and the key it is held under. */
export type Held<P> = P & { id: string };
export type HeldCard = Held<CardPutPayload>;
export type HeldFace = Held<FacePutPayload>;
/** A card or face the unit accepts (what events name). */
export type Credential = HeldCard | HeldFace;

/** What a door unit keeps from the commands it applied. */
export class DeviceState {
  profile: ProfilePayload | null = null;
  qrKey: crypto.KeyObject | null = null;
  callCodes: CallCodeEntry[] = [];
  ladder: LadderFileEntry[] = [];
  /** The community's schedules and time zone (access rules; kept across a reset). */
  schedules: ScheduleTablePayload | null = null;
  holidays: HolidayEntry[] = [];
  /** The access groups the unit belongs to (`group.table`: visitor QR codes given groups). */
  groups: GroupEntry[] = [];
  /** By card number. */
  readonly cards = new Map<string, HeldCard>();
  /** By face id (as text). */
  readonly faces = new Map<string, HeldFace>();
  /** Opens used per visitor QR id (kept across a reset). */
  readonly qrOpens = new Map<number, number>();
  /**
   * Withdrawn visitor QR codes (`qr.revoke`): id → signed expiry (Unix seconds), refused until
   * then. Kept across a reset (a revocation only narrows; the full configuration sends it again).
   */
  readonly qrRevoked = new Map<number, number>();
  /** Emergency mode (kept across a reset: the server sends `normal` to end it). */
  readonly emergency = new EmergencyState();
  /** Remote opens applied, in order (the operator's account). */
  readonly remoteOpens: string[] = [];
  /** Ids of the commands applied, in order; a command id is applied once. */
  readonly applied: number[] = [];
  private readonly appliedSet = new Set<number>();
  /** The id of the last command applied for each object (`CmdMessage.object`). */
  private readonly lastOf = new Map<string, number>();
  /** The id of the last community broadcast applied (protocol §10). */
  private lastBroadcast = -1;

  has(id: number): boolean {
    return this.appliedSet.has(id);
  }

  /**
   * A command older than the last one applied for its object: not applied (a put the broker kept
   * for this unit while it was away arriving after the delete that replaced it, say).
   */
  superseded(cmd: CmdMessage): boolean {
    if (cmd.object !== undefined && (this.lastOf.get(cmd.object) ?? -1) > cmd.id) return true;
    // A community's mode older than the community broadcast applied since (a unit's own mode is not).
    return cmd.kind === CMD_KIND.emergencyMode && cmd.payload?.scope !== 'unit' && this.lastBroadcast > cmd.id;
  }

  /**
   * The community's broadcast of its emergency mode (protocol §10): applied unless the unit holds a mode
   * of its own (scope `unit`), or has applied an `emergency` command or broadcast with this id or a newer
   * one. Kept apart from the commands' ids: a command of the unit's own mode older than a broadcast (sent
   * while the unit was away) still applies. Answers whether it was applied.
   */
  applyBroadcast(cmd: CmdMessage): boolean {
    if (cmd.kind !== CMD_KIND.emergencyMode || !Number.isSafeInteger(cmd.id)) return false;
    if (this.emergency.own || (this.lastOf.get('emergency') ?? -1) >= cmd.id || this.lastBroadcast >= cmd.id) return false;
    this.emergency.apply({ ...cmd.payload, scope: 'community' });
    this.lastBroadcast = cmd.id;
    return true;
  }

  /**
   * Applies one command; throws with a reason the unit reports when it cannot. The kind
   * gives the payload's type; the checks are for what a server could still send wrong.
   */
  apply(cmd: CmdMessage, now = new Date()): void {
    switch (cmd.kind) {
      case CMD_KIND.profile:
        this.profile = cmd.payload;
        break;
      case CMD_KIND.qrKey:
        if (typeof cmd.payload?.publicKey !== 'string') throw new Error('qr.key without publicKey');
        this.qrKey = publicKeyFromRaw(cmd.payload.publicKey);
        break;
      case CMD_KIND.callCodes:
        this.callCodes = listIn(cmd.kind, cmd.payload, 'entries');
        break;
      case CMD_KIND.ladderFile:
        this.ladder = listIn(cmd.kind, cmd.payload, 'entries');
        break;
      // The protocol's `cardId` is the card number, `faceId` the face's row id (names DESIGN.md fixes).
      case CMD_KIND.cardPut:
        putHeld(this.cards, cmd.kind, cmd.payload, cmd.payload?.cardId);
        break;
      case CMD_KIND.facePut:
        putHeld(this.faces, cmd.kind, cmd.payload, cmd.payload?.faceId);
        break;
      case CMD_KIND.cardDelete:
        this.cards.delete(String(cmd.payload?.cardId ?? ''));
        break;
      case CMD_KIND.faceDelete:
        this.faces.delete(String(cmd.payload?.faceId ?? ''));
        break;
      case CMD_KIND.scheduleTable:
        if (!Array.isArray(cmd.payload?.schedules) || typeof cmd.payload.timeZone !== 'string')
          throw new Error('schedule.table without schedules');
        this.schedules = cmd.payload;
        break;
      case CMD_KIND.holidayTable:
        this.holidays = listIn(cmd.kind, cmd.payload, 'holidays');
        break;
      case CMD_KIND.groupTable:
        this.groups = listIn(cmd.kind, cmd.payload, 'groups');
        break;
      case CMD_KIND.qrRevoke: {
        const p = qrRevokePayload.safeParse(cmd.payload);
        if (!p.success) throw new Error('qr.revoke without id or until');
        this.qrRevoked.set(p.data.id, p.data.until);
        break;
      }
      case CMD_KIND.reset:
        this.cards.clear();
        this.faces.clear();
        this.callCodes = [];
        this.ladder = [];
        this.groups = [];
        break;
      case CMD_KIND.emergencyMode:
        this.emergency.apply(cmd.payload);
        break;
      case CMD_KIND.doorOpen:
        // The age rule (protocol §10): a door must not open long after it was asked to.
        if (now.getTime() - Date.parse(cmd.createdAt) > DOOR_OPEN_MAX_AGE_MS)
          throw new Error(`expired: door.open older than ${DOOR_OPEN_MAX_AGE_MS / 1000} s`);
        this.remoteOpens.push(String(cmd.payload?.operator ?? ''));
        break;
      default:
        throw new Error(`unsupported command kind ${(cmd as { kind: unknown }).kind}`);
    }
    this.applied.push(cmd.id);
    this.appliedSet.add(cmd.id);
    if (cmd.object !== undefined) this.lastOf.set(cmd.object, Math.max(cmd.id, this.lastOf.get(cmd.object) ?? -1));
  }
}

/** The key a card or face is held under; a put without one is refused. */
function held(kind: string, key: string | number | undefined): string {
  const id = String(key ?? '');
  if (!id) throw new Error(`${kind} without an id`);
  return id;
}

/** Keeps a put card or face under its key (the account as text); a put without a key is refused. */
function putHeld<P extends { account?: unknown }>(
  map: Map<string, Held<P>>,
  kind: string,
  payload: P,
  key: string | number | undefined,
): void {
  const id = held(kind, key);
  map.set(id, { ...payload, id, account: String(payload.account ?? '') });
}
