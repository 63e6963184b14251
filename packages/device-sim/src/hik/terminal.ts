import { type Answer, BAD_JSON, err, OK, readJson } from './answers.ts';
import { doorRoutes } from './door-routes.ts';
import { faceRoutes } from './faces-routes.ts';
import { peopleRoutes } from './people-routes.ts';
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

const ROUTES: IsapiRoutes = { ...doorRoutes, ...peopleRoutes, ...faceRoutes };

/** The weekly plans, plan templates, holiday plans and holiday groups: `PUT <prefix><n>` (1–255) keeps the body's object. */
const PLANS: [prefix: string, store: (s: HikState) => Map<number, unknown>, key: string][] = [
  ['/ISAPI/AccessControl/UserRightWeekPlanCfg/', (s) => s.weekPlans, 'UserRightWeekPlanCfg'],
  ['/ISAPI/AccessControl/UserRightPlanTemplate/', (s) => s.templates, 'UserRightPlanTemplate'],
  ['/ISAPI/AccessControl/UserRightHolidayPlanCfg/', (s) => s.holidayPlans, 'UserRightHolidayPlanCfg'],
  ['/ISAPI/AccessControl/UserRightHolidayGroupCfg/', (s) => s.holidayGroups, 'UserRightHolidayGroupCfg'],
];

function putPlan(t: Terminal, path: string, body: Record<string, unknown> | null): Answer | null {
  const plan = PLANS.find(([prefix]) => path.startsWith(prefix));
  if (!plan) return null;
  const [prefix, store, key] = plan;
  if (!body) return { status: 400, body: BAD_JSON };
  const n = Number(path.slice(prefix.length));
  if (!Number.isInteger(n) || n < 1 || n > 255) return { status: 400, body: err(6, 'Invalid Content', 'badParameters') };
  if (!body[key] || typeof body[key] !== 'object') return { status: 400, body: BAD_JSON };
  store(t.state).set(n, body[key]);
  return { status: 200, body: OK };
}

/** Answers one authenticated ISAPI request. */
export async function answerIsapi(t: Terminal, method: string, path: string, raw: Buffer, type: string): Promise<Answer> {
  const route = ROUTES[`${method} ${path}`];
  if (route) return route(t, { json: () => readJson(raw), raw, type });
  const plan = method === 'PUT' ? putPlan(t, path, readJson(raw)) : null;
  return plan ?? { status: 404, body: err(4, 'Invalid Operation', 'notSupport') };
}
