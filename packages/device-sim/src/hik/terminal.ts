import { type Answer, BAD_JSON, err, OK, readJson } from './answers.ts';
import type { IsapiRoutes, Terminal } from './isapi.ts';
import { doorRoutes } from './door-routes.ts';
import { faceRoutes } from './faces-routes.ts';
import { peopleRoutes } from './people-routes.ts';
import type { HikState } from './state.ts';

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

export type { HikFault, IsapiRequest, IsapiRoutes, Terminal } from './isapi.ts';

/** Answers one authenticated ISAPI request. */
export async function answerIsapi(t: Terminal, method: string, path: string, raw: Buffer, type: string): Promise<Answer> {
  const route = ROUTES[`${method} ${path}`];
  if (route) return route(t, { json: () => readJson(raw), raw, type });
  const plan = method === 'PUT' ? putPlan(t, path, readJson(raw)) : null;
  return plan ?? { status: 404, body: err(4, 'Invalid Operation', 'notSupport') };
}
