import { ROUTES } from '@gatehouse/contracts';
import { t } from '../../http/i18n.ts';
import { handle, type Registered } from '../../http/route.ts';
import { listExport } from '../../http/list-export.ts';
import { listScreen } from '../../http/list-screen.ts';
import { dailycheckCompanies } from './companies.ts';
import { presentPunch, punchQuery, punchSelect } from './punches.ts';
import { worklist } from './worklist.ts';

const A = ROUTES.attendance;
/** Punch records read in the order they happened unless asked otherwise. */
/** Punches read oldest first unless newest first is asked for. */
const punchesDesc = (order: 'asc' | 'desc' | undefined) => order === 'desc';
/** The export's sheet name is fixed by the spec (001 §7). */
export const PUNCH_SHEET = 'equimentlist';

export const attendanceHandlers: Registered[] = [
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
