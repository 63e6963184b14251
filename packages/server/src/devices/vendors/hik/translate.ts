import crypto from 'node:crypto';
import type { CardPutPayload, EmergencyMode, FacePutPayload, HolidayEntry, ScheduleEntry } from '@gatehouse/contracts';

/**
 * Gatehouse commands as ISAPI bodies (docs/devices/hikvision.md "Messages"): pure functions,
 * no I/O. Times on the terminal are its local time; the offset comes from `/ISAPI/System/time`.
 */

export const ISAPI = {
  deviceInfo: '/ISAPI/System/deviceInfo?format=json',
  time: '/ISAPI/System/time?format=json',
  httpHosts: '/ISAPI/Event/notification/httpHosts?format=json',
  userSetUp: '/ISAPI/AccessControl/UserInfo/SetUp?format=json',
  userDelete: '/ISAPI/AccessControl/UserInfo/Delete?format=json',
  cardSetUp: '/ISAPI/AccessControl/CardInfo/SetUp?format=json',
  cardDelete: '/ISAPI/AccessControl/CardInfo/Delete?format=json',
  cardSearch: '/ISAPI/AccessControl/CardInfo/Search?format=json',
  faceRecord: '/ISAPI/Intelligent/FDLib/FaceDataRecord?format=json',
  faceSearch: '/ISAPI/Intelligent/FDLib/FDSearch?format=json',
  faceDelete: '/ISAPI/Intelligent/FDLib/FDSearch/Delete?format=json&FDID=1&faceLibType=blackFD',
  resetAll: '/ISAPI/AccessControl/UserInfoDetail/Delete?format=json',
  resetProgress: '/ISAPI/AccessControl/UserInfoDetail/DeleteProcess?format=json',
  door: '/ISAPI/AccessControl/RemoteControl/door/1?format=json',
  acsEvent: '/ISAPI/AccessControl/AcsEvent?format=json',
  weekPlan: (n: number) => `/ISAPI/AccessControl/UserRightWeekPlanCfg/${n}?format=json`,
  template: (n: number) => `/ISAPI/AccessControl/UserRightPlanTemplate/${n}?format=json`,
  holidayPlan: (n: number) => `/ISAPI/AccessControl/UserRightHolidayPlanCfg/${n}?format=json`,
  holidayGroup: (n: number) => `/ISAPI/AccessControl/UserRightHolidayGroupCfg/${n}?format=json`,
} as const;

/** The face library Gatehouse puts faces in (the terminal's built-in one). */
export const FACE_LIB = { faceLibType: 'blackFD', FDID: '1' } as const;
/** The holiday group every schedule that is closed on holidays uses. */
export const HOLIDAY_GROUP = 1;
/** Terminals keep at most this many holiday plans in a group. */
export const MAX_HOLIDAYS = 16;

/**
 * The holder's employeeNo on every terminal: the account itself where it is a valid employeeNo
 * (letters and digits, at most 32: a phone number is), else `h` and 31 hex digits of its SHA-256.
 * Stable across resyncs; an access event's employeeNo gives the account back.
 */
export function employeeNoOf(account: string): string {
  if (/^[A-Za-z0-9]{1,32}$/.test(account)) return account;
  return `h${crypto.createHash('sha256').update(account).digest('hex').slice(0, 31)}`;
}

/** An instant as the terminal's local time `YYYY-MM-DDTHH:mm:ss` (offset in minutes east of UTC). */
export function terminalTime(iso: string, offsetMin: number): string {
  const t = new Date(iso).getTime();
  return new Date(t + offsetMin * 60_000).toISOString().slice(0, 19);
}

/** The plan template a schedule becomes: the schedule id + 1 (template 1 is the terminal's all-day plan, our "Always", id 0). */
export const templateOf = (scheduleId: number): number => scheduleId + 1;

/** The person (`UserInfo/SetUp`) for a card or face: name, validity in local time, rights per schedule. */
export function personBody(
  p: Pick<CardPutPayload, 'account' | 'userName' | 'validfrom' | 'validto' | 'schedules'>,
  offsetMin: number,
): { UserInfo: Record<string, unknown> } {
  const templates = p.schedules?.length ? [...new Set(p.schedules.map(templateOf))].sort((a, b) => a - b) : [1];
  return {
    UserInfo: {
      employeeNo: employeeNoOf(p.account),
      name: (p.userName || p.account).slice(0, 32),
      userType: 'normal',
      // ISAPI's UserInfo.Valid requires beginTime and endTime. A credential reaching the unit through
      // its access groups carries no validity of ours (the payload has none; its schedules govern):
      // here alone it is written as the terminal's widest range, meaning "always valid", never stored or sent on.
      Valid: {
        enable: true,
        beginTime: p.validfrom ? terminalTime(p.validfrom, offsetMin) : '2000-01-01T00:00:00',
        endTime: p.validto ? terminalTime(p.validto, offsetMin) : '2037-12-31T23:59:59',
        timeType: 'local',
      },
      doorRight: '1',
      RightPlan: [{ doorNo: 1, planTemplateNo: templates.join(',') }],
    },
  };
}

export const cardBody = (cardNo: string, account: string) => ({
  CardInfo: { employeeNo: employeeNoOf(account), cardNo, cardType: 'normalCard' },
});

export const cardDeleteBody = (cardNo: string) => ({ CardInfoDelCond: { CardNoList: [{ cardNo }] } });
export const cardsOfBody = (employeeNo: string) => ({
  CardInfoSearchCond: { searchID: '1', searchResultPosition: 0, maxResults: 1, EmployeeNoList: [{ employeeNo }] },
});
export const cardSearchBody = (cardNo: string) => ({
  CardInfoSearchCond: { searchID: '1', searchResultPosition: 0, maxResults: 1, CardNoList: [{ cardNo }] },
});
export const userDeleteBody = (employeeNo: string) => ({ UserInfoDelCond: { EmployeeNoList: [{ employeeNo }] } });

/** The JSON part of a face upload (`FaceDataRecord`): the face belongs to the holder's person. */
export const faceRecord = (p: Pick<FacePutPayload, 'account' | 'userName'>) => ({
  ...FACE_LIB,
  FPID: employeeNoOf(p.account),
  name: (p.userName || p.account).slice(0, 32),
});
export const faceSearchBody = (employeeNo: string) => ({ searchResultPosition: 0, maxResults: 1, ...FACE_LIB, FPID: employeeNo });
export const faceDeleteBody = (employeeNo: string) => ({ FPID: [{ value: employeeNo }] });

const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const hms = (hhmm: string): string => (hhmm === '24:00' ? '23:59:59' : `${hhmm}:00`);

/** A schedule's week as `UserRightWeekPlanCfg` (at most 8 time segments a day, as the terminals keep). */
export function weekPlanBody(s: ScheduleEntry) {
  return {
    UserRightWeekPlanCfg: {
      enable: true,
      WeekPlanCfg: WEEK.flatMap((week, d) =>
        (s.week[d] ?? []).slice(0, 8).map((iv, i) => ({
          week,
          id: i + 1,
          enable: true,
          TimeSegment: { beginTime: hms(iv.slice(0, 5)), endTime: hms(iv.slice(6, 11)) },
        })),
      ),
    },
  };
}

/**
 * A schedule's plan template: its week plan, and the holiday group when it is closed on holidays
 * (a schedule that follows a weekday on holidays gets none: the terminal keeps its weekday plan).
 */
export function templateBody(s: ScheduleEntry) {
  return {
    UserRightPlanTemplate: {
      enable: true,
      templateName: s.name.slice(0, 32) || `Schedule ${s.id}`,
      weekPlanNo: templateOf(s.id),
      holidayGroupNo: s.holidayMode === 0 ? String(HOLIDAY_GROUP) : '',
    },
  };
}

/** One holiday as a holiday plan: its days, no time segment (closed all day). */
export const holidayPlanBody = (h: HolidayEntry) => ({
  UserRightHolidayPlanCfg: {
    enable: true,
    beginDate: h.from,
    endDate: h.to,
    HolidayPlanCfg: [{ id: 1, enable: false, TimeSegment: { beginTime: '00:00:00', endTime: '00:00:00' } }],
  },
});

/** The holiday group of the holiday plans 1..n. */
export const holidayGroupBody = (n: number) => ({
  UserRightHolidayGroupCfg: {
    enable: true,
    groupName: 'Gatehouse holidays',
    HolidayPlanList: Array.from({ length: n }, (_, i) => ({ id: i + 1 })),
  },
});

/** The door command of an emergency mode (lockdown: always closed; all open: always open; normal: resume). */
export const doorCmdOf = (mode: EmergencyMode): 'alwaysClose' | 'alwaysOpen' | 'resume' =>
  mode === 'lockdown' ? 'alwaysClose' : mode === 'allOpen' ? 'alwaysOpen' : 'resume';

export const doorBody = (cmd: 'open' | 'alwaysOpen' | 'alwaysClose' | 'resume') => ({ RemoteControlDoor: { cmd } });

/** The listening host (`HttpHostNotification`) that sends the terminal's events to `url`. */
export function httpHostBody(url: URL) {
  const https = url.protocol === 'https:';
  return {
    HttpHostNotificationList: [
      {
        HttpHostNotification: {
          id: '1',
          url: `${url.pathname}${url.search}`,
          protocolType: https ? 'HTTPS' : 'HTTP',
          parameterFormatType: 'JSON',
          addressingFormatType: 'ipaddress',
          ipAddress: url.hostname.replace(/^\[|\]$/g, ''),
          portNo: Number(url.port || (https ? 443 : 80)),
          httpAuthenticationMethod: 'none',
        },
      },
    ],
  };
}

/** The event search from a serial number on (one page of at most 30, the terminals' page size). */
export const acsEventBody = (fromSerial: number, position: number) => ({
  AcsEventCond: { searchID: 'gatehouse', searchResultPosition: position, maxResults: 30, major: 0, minor: 0, beginSerialNo: fromSerial },
});

/** Minutes east of UTC from the terminal's `localTime` (`2026-11-29T09:40:00+08:00`); null when it has no offset. */
export function offsetOf(localTime: string | undefined): number | null {
  const m = /([+-])(\d{2}):?(\d{2})$/.exec(localTime ?? '');
  if (!m) return /Z$/.test(localTime ?? '') ? 0 : null;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}
