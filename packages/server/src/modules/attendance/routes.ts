import { ROUTES } from '@gatehouse/contracts';
import { t } from '../../http/i18n.ts';
import { Answer } from '../../http/errors.ts';
import { handle, type Registered } from '../../http/route.ts';
import { listExport } from '../../http/list-export.ts';
import { listScreen } from '../../http/list-screen.ts';
import { dailycheckCompanies } from './companies.ts';
import { presentPunch, punchQuery, punchSelect } from './punches.ts';
import { communityRule, saveCommunityRule } from './rule.ts';
import { worklist } from './worklist.ts';

const A = ROUTES.attendance;
/** A community's attendance rule: its routes sit under the community's by the spec (001), the rule is this area's. */
const C = ROUTES.community;
/** Punches read oldest first unless newest first is asked for. */
const punchesDesc = (order: 'asc' | 'desc' | undefined) => order === 'desc';
/** The export's sheet name is fixed by the spec (001 §7). */
export const PUNCH_SHEET = 'equimentlist';

export const attendanceHandlers: Registered[] = [
  handle(C.getCommunityRule, async (input, ctx) => communityRule(ctx, input.communityId)),
  handle(C.createCommunityRule, async (input, ctx) => new Answer(200, await saveCommunityRule(ctx, input), ['ok.configured'])),

  handle(A.getDailycheckCompanies, async (input, ctx) => dailycheckCompanies(ctx, input)),

  handle(A.getAccessWorklistByPage, async (input, ctx) => worklist(ctx, input)),

  handle(A.getPunchlistByPage, listScreen(punchQuery, punchSelect, presentPunch, { desc: punchesDesc })),

  handle(
    A.exportPunchlist,
    listExport(
      punchQuery,
      punchSelect,
      { sort: 'time', id: 'id' },
      (ctx) => ({
        file: `${t(ctx.lang, 'att.punchDetails')}.xlsx`,
        name: PUNCH_SHEET,
        headers: ['account', 'deviceName', 'addtime'].map((k) => t(ctx.lang, `att.col.${k}`)),
      }),
      (ctx, raw) => {
        const r = presentPunch(ctx, raw);
        return [r.account, r.deviceName, r.addtime];
      },
      { desc: punchesDesc },
    ),
  ),
];
