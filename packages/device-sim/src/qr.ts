import crypto from 'node:crypto';
import {
  ACCESS_REFUSAL,
  type AccessRefusal,
  ACCESS_RESULT,
  type GroupEntry,
  type HolidayEntry,
  QR_PREFIX,
  type QrBody,
  type ScheduleTablePayload,
} from '@gatehouse/contracts';
import { scheduleRefusal } from './schedule.ts';

export interface QrVerdict {
  ok: boolean;
  result: number;
  qrId?: number;
  /** Why a code was refused: by its groups' schedules (result 9), or withdrawn (`revoked`, result 4). */
  reason?: AccessRefusal;
}

/** What a unit knows for codes given groups: its groups (`group.table`) and the schedule and holiday tables. */
export interface QrRules {
  groups: readonly GroupEntry[];
  schedules: ScheduleTablePayload | null;
  holidays: readonly HolidayEntry[];
  /** Withdrawn codes (`qr.revoke`): id → signed expiry, Unix seconds. */
  revoked?: ReadonlyMap<number, number>;
}

/**
 * Checks a visitor QR code offline, as a door unit does (docs/device-protocol.md §8):
 * format and Ed25519 signature, the door unit (its serial `d`, or one of its access groups
 * in `g`), the validity window, a revocation (`qr.revoke`: result 4, reason `revoked`), the schedules of those groups (a code given groups opens
 * within any of them; its own unit at any time) and the number of opens already used
 * (`opens`, counted per QR id; increased on success).
 */
export function checkQr(
  text: string,
  key: crypto.KeyObject | null,
  serial: string,
  opens: Map<number, number>,
  now = new Date(),
  rules: QrRules = { groups: [], schedules: null, holidays: [] },
): QrVerdict {
  const parts = text.trim().split('.');
  if (parts.length !== 3 || parts[0] !== QR_PREFIX || !key) return { ok: false, result: ACCESS_RESULT.badSignature };
  const [, body64, sig64] = parts as [string, string, string];
  const signed = crypto.verify(null, Buffer.from(`${QR_PREFIX}.${body64}`, 'ascii'), key, Buffer.from(sig64, 'base64url'));
  if (!signed) return { ok: false, result: ACCESS_RESULT.badSignature };
  let body: QrBody;
  try {
    body = JSON.parse(Buffer.from(body64, 'base64url').toString('utf8')) as QrBody;
  } catch {
    return { ok: false, result: ACCESS_RESULT.badSignature };
  }
  const ownUnit = body.d === serial;
  const viaGroups = ownUnit ? [] : rules.groups.filter((g) => Array.isArray(body.g) && body.g.includes(g.id));
  if (!ownUnit && !viaGroups.length) return { ok: false, result: ACCESS_RESULT.wrongDevice, qrId: body.id };
  const t = Math.floor(now.getTime() / 1000);
  if (t < body.f) return { ok: false, result: ACCESS_RESULT.notYetValid, qrId: body.id };
  if (t > body.t) return { ok: false, result: ACCESS_RESULT.expired, qrId: body.id };
  const revokedUntil = rules.revoked?.get(body.id);
  if (revokedUntil !== undefined && t <= revokedUntil)
    return { ok: false, result: ACCESS_RESULT.disabled, qrId: body.id, reason: ACCESS_REFUSAL.revoked };
  if (!ownUnit) {
    const reason = scheduleRefusal(
      viaGroups.map((g) => g.schedule),
      rules.schedules,
      rules.holidays,
      now,
    );
    if (reason) return { ok: false, result: ACCESS_RESULT.other, qrId: body.id, reason };
  }
  const used = opens.get(body.id) ?? 0;
  if (used >= body.n) return { ok: false, result: ACCESS_RESULT.usedUp, qrId: body.id };
  opens.set(body.id, used + 1);
  return { ok: true, result: ACCESS_RESULT.ok, qrId: body.id };
}
