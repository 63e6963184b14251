import type crypto from 'node:crypto';
import { CMD_KIND, type CmdMessage } from '@gatehouse/contracts';
import { publicKeyFromRaw } from './qr.ts';

/** A card or face the unit accepts (the payload of card.put / face.put). */
export interface Credential {
  id: string;
  account: string;
  userName?: string;
  validfrom?: string;
  validto?: string;
  [k: string]: unknown;
}

/** What a door unit keeps from the commands it applied. */
export class DeviceState {
  profile: Record<string, unknown> | null = null;
  qrKey: crypto.KeyObject | null = null;
  callCodes: unknown[] = [];
  ladder: unknown[] = [];
  readonly cards = new Map<string, Credential>();
  readonly faces = new Map<string, Credential>();
  /** Opens used per visitor QR id (kept across a reset). */
  readonly qrOpens = new Map<number, number>();
  /** Ids of the commands applied, in order; a command id is applied once. */
  readonly applied: number[] = [];
  private readonly appliedSet = new Set<number>();

  has(id: number): boolean {
    return this.appliedSet.has(id);
  }

  /** Applies one command; throws with a reason the unit reports when it cannot. */
  apply(cmd: CmdMessage): void {
    const p = (cmd.payload ?? {}) as Record<string, unknown>;
    switch (cmd.kind) {
      case CMD_KIND.profile:
        this.profile = p;
        break;
      case CMD_KIND.qrKey:
        if (typeof p.publicKey !== 'string') throw new Error('qr.key without publicKey');
        this.qrKey = publicKeyFromRaw(p.publicKey);
        break;
      case CMD_KIND.callCodes:
        if (!Array.isArray(p.entries)) throw new Error('amt.table without entries');
        this.callCodes = p.entries;
        break;
      case CMD_KIND.ladderFile:
        if (!Array.isArray(p.entries)) throw new Error('ladder.file without entries');
        this.ladder = p.entries;
        break;
      case CMD_KIND.cardPut:
      case CMD_KIND.facePut: {
        const id = String(p.cardId ?? p.faceId ?? p.id ?? '');
        if (!id) throw new Error(`${cmd.kind} without an id`);
        (cmd.kind === CMD_KIND.cardPut ? this.cards : this.faces).set(id, { ...p, id, account: String(p.account ?? '') });
        break;
      }
      case CMD_KIND.cardDelete:
      case CMD_KIND.faceDelete:
        (cmd.kind === CMD_KIND.cardDelete ? this.cards : this.faces).delete(String(p.cardId ?? p.faceId ?? p.id ?? ''));
        break;
      case CMD_KIND.reset:
        this.cards.clear();
        this.faces.clear();
        this.callCodes = [];
        this.ladder = [];
        break;
      default:
        throw new Error(`unsupported command kind ${cmd.kind}`);
    }
    this.applied.push(cmd.id);
    this.appliedSet.add(cmd.id);
  }
}
