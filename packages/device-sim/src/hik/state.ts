import type { HikAcsEvent } from '@gatehouse/contracts';

/**
 * What an emulated Hikvision access terminal keeps (the DS-K1T series' person, card, face,
 * plan and event stores), in the JSON shapes ISAPI answers with.
 */

/** `UserInfo` as ISAPI sends and answers it. */
export interface HikUser {
  employeeNo: string;
  name: string;
  userType: string;
  Valid: { enable: boolean; beginTime: string; endTime: string; timeType?: string };
  doorRight?: string;
  RightPlan?: { doorNo: number; planTemplateNo: string }[];
}

export interface HikCard {
  employeeNo: string;
  cardNo: string;
  cardType: string;
}

export interface HikFace {
  FDID: string;
  FPID: string;
  name?: string;
  bytes: number;
}

/** One entry of the terminal's event log (an `AcsEvent` `InfoList` item): always of a door, with how it was verified. */
export interface HikEvent extends HikAcsEvent {
  doorNo: number;
  currentVerifyMode?: string;
}

export type DoorMode = 'normal' | 'alwaysOpen' | 'alwaysClose';

export class HikState {
  readonly users = new Map<string, HikUser>();
  readonly cards = new Map<string, HikCard>();
  /** By FPID (the person's employeeNo). */
  readonly faces = new Map<string, HikFace>();
  readonly weekPlans = new Map<number, unknown>();
  readonly templates = new Map<number, unknown>();
  readonly holidayPlans = new Map<number, unknown>();
  readonly holidayGroups = new Map<number, unknown>();
  readonly events: HikEvent[] = [];
  door: DoorMode = 'normal';
  /** Clearing every person (UserInfoDetail/Delete): the first progress poll sees it working, the next one done. */
  deleting: 'processing' | 'success' = 'success';
  /** Remote opens done (RemoteControl cmd=open). */
  opens = 0;
  name = 'Access Controller';
  /** The listening host the server configured (`/ISAPI/Event/notification/httpHosts`), if any. */
  httpHost: { url: string; ipAddress: string; portNo: number; protocolType: string } | null = null;
  private nextSerial: number;

  /** `firstSerialNo`: the log's first serial number (a terminal whose log goes on from an earlier run). */
  constructor(firstSerialNo = 1) {
    this.nextSerial = firstSerialNo;
  }

  /** Appends an event to the log with the next serial number. */
  log(e: Omit<HikEvent, 'serialNo'>): HikEvent {
    const ev = { ...e, serialNo: this.nextSerial++ };
    this.events.push(ev);
    return ev;
  }
}
