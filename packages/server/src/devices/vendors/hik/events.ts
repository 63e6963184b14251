import { ACCESS_RESULT, ACCESS_TYPE, type EventMessage, type HikAcsEvent } from '@gatehouse/contracts';

/**
 * Hikvision access-controller events as protocol events (docs/devices/hikvision.md "Events"):
 * the same mapping for a pushed `AccessControllerEvent` and an `AcsEvent` search item. Pure.
 * Event codes: major 1 alarm, 3 operation, 5 event; minors from Hikvision's NET_DVR_ACS_ALARM_INFO.
 */

type Access = { type: number; result: number; reason?: 'schedule' };
const MAJOR = { alarm: 1, operation: 3, event: 5 } as const;

/** What each access minor (major 5) means. */
const ACCESS_MINORS: Record<number, Access> = {
  1: { type: ACCESS_TYPE.card, result: ACCESS_RESULT.ok }, // legal card pass
  2: { type: ACCESS_TYPE.card, result: ACCESS_RESULT.ok }, // card and password pass
  3: { type: ACCESS_TYPE.card, result: ACCESS_RESULT.other }, // card and password failed
  6: { type: ACCESS_TYPE.card, result: ACCESS_RESULT.wrongDevice }, // card has no right here
  7: { type: ACCESS_TYPE.card, result: ACCESS_RESULT.other, reason: 'schedule' }, // outside its plan
  8: { type: ACCESS_TYPE.card, result: ACCESS_RESULT.expired }, // card out of date
  9: { type: ACCESS_TYPE.invalidCard, result: ACCESS_RESULT.unknown }, // no such card
  60: { type: ACCESS_TYPE.face, result: ACCESS_RESULT.ok }, // face and card pass
  75: { type: ACCESS_TYPE.face, result: ACCESS_RESULT.ok }, // face verify pass
  76: { type: ACCESS_TYPE.unknownFace, result: ACCESS_RESULT.unknown }, // face verify failed
  80: { type: ACCESS_TYPE.unknownFace, result: ACCESS_RESULT.unknown }, // face recognise failed
  23: { type: ACCESS_TYPE.exitButton, result: ACCESS_RESULT.ok }, // exit button pressed
};

/** Alarms: door forced (event 0x1b), held open (0x1c), tamper (alarm 0x404 host, 0x406 reader). */
function alarmOf(major: number, minor: number): 'forced' | 'heldOpen' | 'tamper' | null {
  if (major === MAJOR.event && minor === 0x1b) return 'forced';
  if (major === MAJOR.event && minor === 0x1c) return 'heldOpen';
  if (major === MAJOR.alarm && (minor === 0x404 || minor === 0x406)) return 'tamper';
  return null;
}

/** The protocol event of a terminal event (`eid` = `hik-<serialNo>`); null for what Gatehouse does not keep. */
export function toProtocolEvent(e: HikAcsEvent): EventMessage | null {
  const time = new Date(e.time);
  if (!Number.isFinite(e.serialNo) || e.serialNo < 1 || Number.isNaN(time.getTime())) return null;
  const head = { eid: `hik-${e.serialNo}`, time: time.toISOString() };
  const alarm = alarmOf(e.major, e.minor);
  if (alarm) return { kind: 'alarm', ...head, alarmType: alarm };
  if (e.major === MAJOR.operation && e.minor === 0x400)
    return { kind: 'access', ...head, type: ACCESS_TYPE.remote, result: ACCESS_RESULT.ok };
  const a = e.major === MAJOR.event ? ACCESS_MINORS[e.minor] : undefined;
  if (!a) return null;
  return {
    kind: 'access',
    ...head,
    type: a.type,
    result: a.result,
    ...(a.reason ? { reason: a.reason } : {}),
    ...(e.employeeNoString ? { account: e.employeeNoString } : {}),
    ...(e.name ? { userName: e.name } : {}),
    ...(e.cardNo ? { cardNum: e.cardNo } : {}),
  };
}

const num = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length ? v : typeof v === 'number' ? String(v) : undefined);

/** The fields both carry under the same names; the event's codes and time are named apart by each. */
const acsEvent = (i: Record<string, unknown>, major: unknown, minor: unknown, time: unknown): HikAcsEvent => ({
  major: num(major),
  minor: num(minor),
  time: String(time ?? ''),
  serialNo: num(i.serialNo),
  cardNo: str(i.cardNo),
  employeeNoString: str(i.employeeNoString) ?? str(i.employeeNo),
  name: str(i.name),
  doorNo: num(i.doorNo),
});

/** The event of a pushed `EventNotificationAlert` (JSON) of type `AccessControllerEvent`; null for anything else. */
export function fromPush(body: unknown): HikAcsEvent | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  const a = b.AccessControllerEvent as Record<string, unknown> | undefined;
  if (b.eventType !== 'AccessControllerEvent' || !a || typeof a !== 'object') return null;
  return acsEvent(a, a.majorEventType, a.subEventType, b.dateTime);
}

/** The events of one `AcsEvent` search page. */
export function fromSearch(body: unknown): { events: HikAcsEvent[]; more: boolean; total: number } {
  const s = (body as { AcsEvent?: Record<string, unknown> } | null)?.AcsEvent;
  if (!s || typeof s !== 'object') return { events: [], more: false, total: 0 };
  const list = Array.isArray(s.InfoList) ? (s.InfoList as Record<string, unknown>[]) : [];
  return {
    events: list.filter((i) => i && typeof i === 'object').map((i) => acsEvent(i, i.major, i.minor, i.time)),
    more: s.responseStatusStrg === 'MORE',
    total: num(s.totalMatches) || 0,
  };
}
