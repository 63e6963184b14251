/** The emulated terminal as its ISAPI routes (people-, faces-, door-routes.ts) see it. */
import type { Answer } from './answers.ts';
import type { HikEvent, HikState } from './state.ts';

/** What the emulator can be told to do wrong (docs/devices/hikvision.md "Emulator"). */
export type HikFault =
  /** Answers `200 text/html` that is not ISAPI. */
  | 'garbage'
  /** Answers an ISAPI error body (statusCode 2, Device Busy). */
  | 'errorBody'
  /** Challenges with one realm and checks the answer against another: every request is 401. */
  | 'wrongRealm'
  /** Never answers. */
  | 'timeout'
  /** Refuses every face photo (modeling failed). */
  | 'refusePhoto'
  /** Refuses every person (employee number already exists). */
  | 'duplicateEmployee';

/** What the ISAPI routes of the emulated terminal act on. */
export interface Terminal {
  state: HikState;
  serial: string;
  /** The terminal's clock offset from UTC, minutes. */
  offset: number;
  /** The fault it was told to show now, if any. */
  fault(): HikFault | null;
  /** The terminal's local time, ISAPI style (`2026-11-28T08:00:00+08:00`). */
  localTime(d?: Date): string;
  /** Logs an event and posts it to the listening host. */
  record(e: Omit<HikEvent, 'serialNo' | 'time' | 'doorNo'>): Promise<HikEvent>;
}

/** A request as the routes read it: the body as JSON (null: not an object), raw, and its content type. */
export interface IsapiRequest {
  json: () => Record<string, unknown> | null;
  raw: Buffer;
  type: string;
}

/** Routes by `METHOD path`. */
export type IsapiRoutes = Record<string, (t: Terminal, req: IsapiRequest) => Promise<Answer>>;
