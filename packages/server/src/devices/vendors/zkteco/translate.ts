import {
  ALWAYS_SCHEDULE_ID,
  CMD_KIND,
  type CardDeletePayload,
  type CardPutPayload,
  type EmergencyModePayload,
  type FaceDeletePayload,
  type FacePutPayload,
  type HolidayTablePayload,
  parseInterval,
  type ScheduleTablePayload,
} from '@gatehouse/contracts';
import { clean, encodeTime, fields, MAX_LINES } from './lines.ts';

/**
 * Gatehouse commands as ZKTeco PUSH command lines (access-control dialect, Security PUSH 3.1.2;
 * docs/devices/zkteco.md lists each message and its source). Pure: the PINs a command needs
 * are looked up (or given out) by the caller first (`credentialOf`).
 */

/** What a command becomes: PUSH lines to send, or an answer at once (nothing to send). */
/** `okInfo`: the ack's info when the terminal answers success (an emergency mode's `mode:<mode>`). */
export type Translation = { lines: string[]; okInfo?: string } | { ack: { ok: boolean; info: string } };

/** The terminal user a card or face is: its key in `zk_pin` and, for a put, whom it belongs to. */
export interface Credential {
  cred: string;
  put: boolean;
  account: string;
  userName: string;
}

/** Door 1: a terminal drives one door (an inBio panel's other doors are not used). */
const DOOR = 1;
/** TimezoneId 1 is the terminal's own "always" zone; a schedule `s` is zone `s + 1`. */
const ALWAYS_TZ = 1;
/** Time zones a terminal keeps (ids 1 to 50) and intervals per day (3). */
const MAX_TZ = 50;
const INTERVALS_PER_DAY = 3;
/** Seconds the lock is released by a remote open (`CONTROL DEVICE 010101<ss>`). */
const OPEN_SECONDS = 5;

/** Lines the terminal accepts as they are sent (whole-table replaces). */
export const CONTROL = {
  open: `CONTROL DEVICE 0101010${OPEN_SECONDS}`,
  normalOpen: 'CONTROL DEVICE 010101FF',
  lock: 'CONTROL DEVICE 01010100',
} as const;

export const tzOfSchedule = (schedule: number): number => schedule + 1;

/**
 * The credential a command is about (card and face puts and deletes), or null. A payload's
 * `cardId` is the card NUMBER, `faceId` the face's row id (the protocol's names, fixed by DESIGN.md).
 */
export function credentialOf(kind: string, payload: unknown): Credential | null {
  switch (kind) {
    case CMD_KIND.cardPut: {
      const p = payload as CardPutPayload;
      return { cred: `card:${p.cardId}`, put: true, account: p.account ?? '', userName: p.userName ?? '' };
    }
    case CMD_KIND.cardDelete:
      return { cred: `card:${(payload as CardDeletePayload).cardId}`, put: false, account: '', userName: '' };
    case CMD_KIND.facePut: {
      const p = payload as FacePutPayload;
      return { cred: `face:${p.faceId}`, put: true, account: p.account ?? '', userName: p.userName ?? '' };
    }
    case CMD_KIND.faceDelete:
      return { cred: `face:${(payload as FaceDeletePayload).faceId}`, put: false, account: '', userName: '' };
    default:
      return null;
  }
}

const unsupported = (why: string): Translation => ({ ack: { ok: true, info: `unsupported: ${why}` } });

/** The door rights of a user: door 1 in the zone of its first schedule (absent: always). */
function authorize(pin: number, schedules: number[] | undefined): string {
  const first = schedules?.find((s) => s !== ALWAYS_SCHEDULE_ID);
  const tz = first === undefined ? ALWAYS_TZ : tzOfSchedule(first);
  return `DATA UPDATE userauthorize ${fields([
    ['Pin', pin],
    ['AuthorizeTimezoneId', tz],
    ['AuthorizeDoorId', DOOR],
    ['DevID', 1],
  ])}`;
}

function userLine(
  pin: number,
  p: { userName?: string; validfrom?: string; validto?: string; status?: string },
  cardNo: string,
  timeZone: string,
): string {
  return `DATA UPDATE user ${fields([
    ['CardNo', cardNo],
    ['Pin', pin],
    ['Password', ''],
    ['Group', 0],
    ['StartTime', encodeTime(p.validfrom, timeZone)],
    ['EndTime', encodeTime(p.validto, timeZone)],
    ['Name', clean(p.userName ?? '').slice(0, 24)],
    ['Privilege', 0],
    ['Disable', p.status && p.status !== 'enable' ? 1 : 0],
    ['Verify', 0],
  ])}`;
}

const deleteUser = (pin: number): string[] => [`DATA DELETE userauthorize Pin=${pin}`, `DATA DELETE user Pin=${pin}`];

/** `HHMM` of minutes since midnight (24:00 is the terminal's 23:59). */
const hhmm = (m: number): number => {
  const capped = Math.min(m, 23 * 60 + 59);
  return Math.floor(capped / 60) * 100 + (capped % 60);
};

/** One interval as the terminal keeps it: (start HHMM << 16) + end HHMM; 0 is no interval. */
export const encodeInterval = (text: string): number => {
  const p = parseInterval(text);
  return p ? hhmm(p[0]) * 65536 + hhmm(p[1]) : 0;
};

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

function scheduleLines(p: ScheduleTablePayload): Translation {
  const lines: string[] = [];
  for (const s of p.schedules) {
    const tz = tzOfSchedule(s.id);
    if (tz > MAX_TZ) return unsupported(`schedule ${s.id}: a terminal keeps time zones 1 to ${MAX_TZ}`);
    if (s.week.some((d) => d.length > INTERVALS_PER_DAY))
      return unsupported(`schedule ${s.id}: a terminal keeps ${INTERVALS_PER_DAY} intervals a day`);
    const pairs: [string, number][] = [['TimezoneId', tz]];
    s.week.forEach((day, i) => {
      for (let k = 0; k < INTERVALS_PER_DAY; k++) pairs.push([`${DAYS[i]}Time${k + 1}`, day[k] ? encodeInterval(day[k] as string) : 0]);
    });
    // Holidays: closed, or the intervals of the chosen weekday (holiday type 1).
    const hol = s.holidayMode === 1 && s.holidayWeekday ? (s.week[s.holidayWeekday - 1] ?? []) : [];
    for (let k = 0; k < INTERVALS_PER_DAY; k++) pairs.push([`Hol1Time${k + 1}`, hol[k] ? encodeInterval(hol[k] as string) : 0]);
    lines.push(`DATA UPDATE timezone ${fields(pairs)}`);
  }
  return lines.length ? { lines } : { ack: { ok: true, info: 'no schedules' } };
}

function holidayLines(p: HolidayTablePayload): Translation {
  const lines: string[] = ['DATA DELETE holiday *'];
  for (const h of p.holidays) {
    const from = new Date(`${h.from}T00:00:00Z`);
    const to = new Date(`${h.to}T00:00:00Z`);
    if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) continue;
    for (let d = from; d <= to; d = new Date(d.getTime() + 86_400_000)) {
      const day = d.toISOString().slice(0, 10).replaceAll('-', '');
      lines.push(
        `DATA UPDATE holiday ${fields([
          ['Holiday', day],
          ['HolidayType', 1],
          ['Loop', 1],
        ])}`,
      );
      if (lines.length > MAX_LINES) return unsupported(`more than ${MAX_LINES - 1} holiday days`);
    }
  }
  return { lines };
}

function emergencyLine(p: EmergencyModePayload): Translation {
  // allOpen: the lock held released (normal open); normal and lockdown: the lock closed and any
  // normal open ended. A terminal cannot narrow who opens to the lockdown's allowed accounts.
  return { lines: [p.mode === 'allOpen' ? CONTROL.normalOpen : CONTROL.lock], okInfo: `mode:${p.mode}` };
}

/**
 * A command as PUSH lines (at most `MAX_LINES`: see `lineId`). `pin` is the credential's PIN (card and
 * face commands; null for a delete of a credential the terminal never got).
 */
export function translate(kind: string, payload: unknown, pin: number | null, timeZone: string): Translation {
  switch (kind) {
    case CMD_KIND.cardPut: {
      const p = payload as CardPutPayload;
      if (pin === null) return { ack: { ok: false, info: 'no terminal user number' } };
      return { lines: [userLine(pin, p, clean(p.cardId), timeZone), authorize(pin, p.schedules)] };
    }
    case CMD_KIND.facePut: {
      const p = payload as FacePutPayload;
      if (pin === null) return { ack: { ok: false, info: 'no terminal user number' } };
      const photo = p.imgBase64.replace(/\s+/g, '');
      const size = Math.floor((photo.length * 3) / 4) - (photo.endsWith('==') ? 2 : photo.endsWith('=') ? 1 : 0);
      return {
        lines: [
          userLine(pin, p, '', timeZone),
          authorize(pin, p.schedules),
          `DATA UPDATE biophoto ${fields([
            ['PIN', pin],
            ['Type', 9],
            ['Size', size],
            ['Content', photo],
            ['Format', 0],
            ['Url', ''],
            ['PostBackTmpFlag', 0],
          ])}`,
        ],
      };
    }
    case CMD_KIND.cardDelete:
      return pin === null ? { ack: { ok: true, info: 'not on the terminal' } } : { lines: deleteUser(pin) };
    case CMD_KIND.faceDelete:
      return pin === null
        ? { ack: { ok: true, info: 'not on the terminal' } }
        : { lines: [`DATA DELETE biophoto PIN=${pin}`, ...deleteUser(pin)] };
    case CMD_KIND.reset:
      return { lines: ['DATA DELETE biophoto *', 'DATA DELETE userauthorize *', 'DATA DELETE user *'] };
    case CMD_KIND.profile:
      return { ack: { ok: true, info: '' } };
    case CMD_KIND.scheduleTable:
      return scheduleLines(payload as ScheduleTablePayload);
    case CMD_KIND.holidayTable:
      return holidayLines(payload as HolidayTablePayload);
    case CMD_KIND.groupTable:
      return unsupported('access groups reach the terminal as each credential’s time zone');
    case CMD_KIND.emergencyMode:
      return emergencyLine(payload as EmergencyModePayload);
    case CMD_KIND.doorOpen:
      return { lines: [CONTROL.open] };
    case CMD_KIND.qrKey:
    case CMD_KIND.qrRevoke:
      return unsupported('visitor QR codes');
    case CMD_KIND.callCodes:
      return unsupported('call codes');
    case CMD_KIND.ladderFile:
      return unsupported('lift control');
    default:
      return unsupported(`command ${kind}`);
  }
}
