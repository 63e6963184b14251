import { ACCESS_RESULT, ACCESS_TYPE, type EventMessage } from '@gatehouse/contracts';
import { bodyLines, parseFields, terminalTime } from './lines.ts';

/**
 * What terminals upload (`POST /iclock/cdata?table=rtlog|ATTLOG`) as protocol events. Pure.
 * rtlog (access-control terminals, Security PUSH 3.1.2): one `time=…\tpin=…\tcardno=…\t
 * eventaddr=…\tevent=…\tinoutstatus=…\tverifytype=…\tindex=…` record a line. ATTLOG
 * (attendance terminals, PUSH 2.x): positional `PIN\tTIME\tSTATUS\tVERIFY\tWORKCODE…`.
 */

export interface RtlogRecord {
  time: string;
  pin: string;
  cardno: string;
  event: number;
  verifytype: number;
  index: string;
}

export interface AttlogRecord {
  pin: string;
  time: string;
  status: string;
  verify: number;
}

/** Reads an rtlog body; null when any line is malformed (no time, a non-numeric event, …). */
export function parseRtlog(body: string): RtlogRecord[] | null {
  const out: RtlogRecord[] = [];
  for (const line of bodyLines(body)) {
    const f = parseFields(line);
    if (!f?.time || !/^\d{1,3}$/.test(f.event ?? '')) return null;
    if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(f.time)) return null;
    const pin = f.pin ?? '0';
    if (!/^\w{0,24}$/.test(pin) || !/^\w{0,24}$/.test(f.cardno ?? '') || !/^\d{0,12}$/.test(f.index ?? '')) return null;
    out.push({
      time: f.time,
      pin,
      cardno: f.cardno ?? '',
      event: Number(f.event),
      verifytype: /^\d{1,3}$/.test(f.verifytype ?? '') ? Number(f.verifytype) : 0,
      index: f.index ?? '',
    });
  }
  return out;
}

/** Reads an ATTLOG body; null when any line is malformed. */
export function parseAttlog(body: string): AttlogRecord[] | null {
  const out: AttlogRecord[] = [];
  for (const line of bodyLines(body)) {
    const [pin, time, status, verify] = line.split('\t').map((s) => s.trim());
    if (!pin || !/^\w{1,24}$/.test(pin) || !time || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(time)) return null;
    out.push({ pin, time, status: status ?? '0', verify: /^\d{1,3}$/.test(verify ?? '') ? Number(verify) : 0 });
  }
  return out;
}

type Outcome = { result: number; type?: number; reason?: 'schedule' | 'holiday' };

/**
 * rtlog event codes (Security PUSH 3.1.2 appendix "Event types") as access results. Codes not
 * listed (door opened/closed 200/201, device started 206, status 255, …) are not access events.
 */
export const RTLOG_EVENTS: Readonly<Record<number, Outcome>> = {
  0: { result: ACCESS_RESULT.ok }, // normal verify open
  1: { result: ACCESS_RESULT.ok }, // verify during a normal-open time zone
  2: { result: ACCESS_RESULT.ok }, // first card normal open
  3: { result: ACCESS_RESULT.ok }, // multi-card open
  4: { result: ACCESS_RESULT.ok, type: ACCESS_TYPE.password }, // emergency password open
  5: { result: ACCESS_RESULT.ok }, // open during normal-open time zone
  8: { result: ACCESS_RESULT.ok, type: ACCESS_TYPE.remote }, // remote opening
  14: { result: ACCESS_RESULT.ok }, // fingerprint open
  15: { result: ACCESS_RESULT.ok }, // multi-person open (fingerprint)
  16: { result: ACCESS_RESULT.ok }, // fingerprint during normal open
  17: { result: ACCESS_RESULT.ok }, // card plus fingerprint open
  20: { result: ACCESS_RESULT.other }, // operation interval too short
  21: { result: ACCESS_RESULT.other, reason: 'schedule' }, // door inactive time zone
  22: { result: ACCESS_RESULT.other, reason: 'schedule' }, // illegal time zone
  23: { result: ACCESS_RESULT.other }, // access denied
  24: { result: ACCESS_RESULT.other }, // anti-passback
  25: { result: ACCESS_RESULT.other }, // interlock
  27: { result: ACCESS_RESULT.unknown, type: ACCESS_TYPE.invalidCard }, // unregistered card
  29: { result: ACCESS_RESULT.expired }, // card expired
  30: { result: ACCESS_RESULT.other, type: ACCESS_TYPE.password }, // password error
  33: { result: ACCESS_RESULT.expired }, // fingerprint expired
  34: { result: ACCESS_RESULT.unknown }, // unregistered fingerprint
  35: { result: ACCESS_RESULT.other, reason: 'schedule' }, // door inactive time zone (fingerprint)
  38: { result: ACCESS_RESULT.disabled }, // card reported lost
  39: { result: ACCESS_RESULT.disabled }, // access disabled
  41: { result: ACCESS_RESULT.other }, // verification mode error
  28: { result: ACCESS_RESULT.doorFault, type: ACCESS_TYPE.leftOpen }, // door open timeout
  100: { result: ACCESS_RESULT.doorFault, type: ACCESS_TYPE.tamper }, // tamper alarm
  101: { result: ACCESS_RESULT.ok, type: ACCESS_TYPE.duress }, // duress password open
  102: { result: ACCESS_RESULT.doorFault, type: ACCESS_TYPE.forcedOpen }, // door opened forcefully
  103: { result: ACCESS_RESULT.ok, type: ACCESS_TYPE.duress }, // duress fingerprint open
  202: { result: ACCESS_RESULT.ok, type: ACCESS_TYPE.exitButton }, // exit button open
};

/** How the user was verified (rtlog `verifytype`, ATTLOG VERIFY) as our access type. */
export function accessTypeOf(verify: number, cardno: string): number {
  if (verify === 15) return ACCESS_TYPE.face;
  if (verify === 3) return ACCESS_TYPE.password;
  if (verify === 4 || (cardno && cardno !== '0')) return ACCESS_TYPE.card;
  return ACCESS_TYPE.card;
}

export interface PinHolder {
  account: string;
  userName: string;
}

/** rtlog records as access events; `eid` is the terminal's log index with the user and code, stable per line. */
export function rtlogEvents(records: RtlogRecord[], holders: ReadonlyMap<string, PinHolder>, timeZone: string): EventMessage[] {
  const out: EventMessage[] = [];
  for (const r of records) {
    const o = RTLOG_EVENTS[r.event];
    const time = terminalTime(r.time, timeZone);
    if (!o || !time) continue;
    const who = holders.get(r.pin);
    const cardNum = r.cardno && r.cardno !== '0' ? r.cardno : '';
    out.push({
      kind: 'access',
      eid: `zk:${r.index}:${r.pin}:${r.event}`,
      time,
      type: o.type ?? accessTypeOf(r.verifytype, cardNum),
      result: o.result,
      account: who?.account ?? '',
      userName: who?.userName ?? '',
      cardNum,
      ...(o.reason ? { reason: o.reason } : {}),
    });
  }
  return out;
}

/** ATTLOG records as punches (attendance terminals). */
export function attlogEvents(records: AttlogRecord[], holders: ReadonlyMap<string, PinHolder>, timeZone: string): EventMessage[] {
  const out: EventMessage[] = [];
  for (const r of records) {
    const time = terminalTime(r.time, timeZone);
    if (!time) continue;
    const who = holders.get(r.pin);
    out.push({
      kind: 'punch',
      eid: `zka:${r.pin}:${r.status}`,
      time,
      type: accessTypeOf(r.verify, ''),
      account: who?.account ?? r.pin,
      userName: who?.userName ?? '',
    });
  }
  return out;
}
