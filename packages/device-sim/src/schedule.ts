import {
  ACCESS_REFUSAL,
  ACCESS_RESULT,
  type AccessRefusal,
  type HolidayEntry,
  HOLIDAY_MODE,
  parseInterval,
  type ScheduleEntry,
  type ScheduleTablePayload,
  wallClock,
} from '@gatehouse/contracts';
import type { Credential, DeviceState, HeldCard, HeldFace } from './state.ts';

/**
 * How a door unit applies the access rules offline (docs/access-rules.md): with its own
 * clock, in the community's time zone from `schedule.table`, and the `holiday.table`.
 * A credential entry without `schedules` opens at any time; with them, when any of them
 * is open now. An unknown schedule id (its table not yet arrived) is closed.
 */

/** The local calendar day (YYYY-MM-DD), ISO weekday (1 Monday … 7 Sunday) and minute of the day of an instant. */
export function localTime(at: Date, timeZone: string): { day: string; weekday: number; minute: number } {
  const t = wallClock(at, timeZone);
  const p = (n: number) => String(n).padStart(2, '0');
  return { day: `${t.y}-${p(t.mo)}-${p(t.d)}`, weekday: t.wd, minute: t.h * 60 + t.mi };
}

/** The holiday a local day falls on, if any. */
export const holidayOn = (holidays: readonly HolidayEntry[], day: string): HolidayEntry | undefined =>
  holidays.find((h) => h.from <= day && day <= h.to);

const openIn = (intervals: readonly string[] | undefined, minute: number): boolean =>
  (intervals ?? []).some((t) => {
    const p = parseInterval(t);
    return p !== null && p[0] <= minute && minute < p[1];
  });

/** One schedule at a local time: open, or why not. */
function judge(s: ScheduleEntry, weekday: number, minute: number, holiday: boolean): true | AccessRefusal {
  if (holiday) {
    if (s.holidayMode === HOLIDAY_MODE.closed || !s.holidayWeekday) return ACCESS_REFUSAL.holiday;
    return openIn(s.week[s.holidayWeekday - 1], minute) || ACCESS_REFUSAL.holiday;
  }
  return openIn(s.week[weekday - 1], minute) || ACCESS_REFUSAL.schedule;
}

/**
 * Whether a credential that names these schedules may open at `at`: null when it may,
 * else the reason ("holiday" when a holiday closed it, else "outside schedule").
 */
export function scheduleRefusal(
  schedules: readonly number[] | undefined,
  table: ScheduleTablePayload | null,
  holidays: readonly HolidayEntry[],
  at: Date,
): AccessRefusal | null {
  if (!schedules?.length) return null;
  if (!table) return ACCESS_REFUSAL.schedule;
  const { day, weekday, minute } = localTime(at, table.timeZone);
  const holiday = holidayOn(holidays, day) !== undefined;
  let reason: AccessRefusal = ACCESS_REFUSAL.schedule;
  for (const id of schedules) {
    if (id === 0) return null;
    const s = table.schedules.find((x) => x.id === id);
    if (!s) continue;
    const v = judge(s, weekday, minute, holiday);
    if (v === true) return null;
    if (v === ACCESS_REFUSAL.holiday) reason = v;
  }
  return reason;
}

/** What a unit decides when a card is shown: the access result and, for a rule refusal, its reason. */
export interface CardVerdict {
  result: number;
  reason?: AccessRefusal;
  card?: HeldCard;
}

/** A held entry (card or face) used at `at`: unknown, disabled, outside its validity, outside its schedules, or open. */
function heldVerdict(state: DeviceState, held: Credential | undefined, at: Date): { result: number; reason?: AccessRefusal } {
  if (!held) return { result: ACCESS_RESULT.unknown };
  if (held.status && held.status !== 'enable') return { result: ACCESS_RESULT.disabled };
  if (held.validfrom && at < new Date(held.validfrom)) return { result: ACCESS_RESULT.notYetValid };
  if (held.validto && at > new Date(held.validto)) return { result: ACCESS_RESULT.expired };
  const reason = scheduleRefusal(held.schedules, state.schedules, state.holidays, at);
  return reason ? { result: ACCESS_RESULT.other, reason } : { result: ACCESS_RESULT.ok };
}

/** A card shown at `at`: unknown, disabled, outside its validity, outside its schedules, or open. */
export function cardVerdict(state: DeviceState, cardNo: string, at: Date): CardVerdict {
  const card = state.cards.get(cardNo);
  return card ? { ...heldVerdict(state, card, at), card } : heldVerdict(state, card, at);
}

/** What a unit decides when a face is recognised: unknown, disabled, outside its validity, outside its schedules, or open. */
export function faceVerdict(state: DeviceState, faceId: string, at: Date): { result: number; reason?: AccessRefusal; face?: HeldFace } {
  const face = state.faces.get(faceId);
  return face ? { ...heldVerdict(state, face, at), face } : heldVerdict(state, face, at);
}

/** The floors a holder's lift entries release at a moment: resident floors and front / back unlock floors. */
export interface LiftFloors {
  resident: string[];
  front: string[];
  back: string[];
}

/**
 * The lift file at `at` for one card (`cardNo`, its number) or face (`faceId`, its row id): every entry of the holder
 * whose schedules are open (no schedules: always) adds its floors; the holder's own entry and
 * each of its groups' entries count alike.
 */
export function liftFloors(state: DeviceState, holder: { cardNo: string } | { faceId: number }, at: Date): LiftFloors {
  const out: LiftFloors = { resident: [], front: [], back: [] };
  const add = (list: string[], items: readonly string[]) => {
    for (const x of items) if (!list.includes(x)) list.push(x);
  };
  for (const e of state.ladder) {
    // A lift-file entry's `cardId` is the card number (the protocol's name).
    const mine =
      'cardNo' in holder ? e.source === 'card' && e.cardId === holder.cardNo : e.source === 'face' && e.holderId === holder.faceId;
    if (!mine || scheduleRefusal(e.schedules, state.schedules, state.holidays, at)) continue;
    add(out.resident, [e.ResiLevel]);
    add(out.front, e.FrontUnlockLevelList ?? []);
    add(out.back, e.BackUnlockLevelList ?? []);
  }
  return out;
}
