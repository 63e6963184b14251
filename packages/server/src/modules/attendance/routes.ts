import { ROUTES } from '@gatehouse/contracts';
import { t } from '../../http/i18n.ts';
import { handle, type Registered } from '../../http/route.ts';
import { assertExportable } from '../../xlsx/export-limit.ts';
import { streamWorkbook } from '../../xlsx/write.ts';
import { keysetRows } from '../../db/keyset.ts';
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

  handle(A.exportPunchlist, async (input, ctx, { reply }) => {
    const q = await punchQuery(ctx, input);
    const total = await assertExportable(ctx, q);
    const desc = punchesDesc(input.order);
    const all = keysetRows(ctx.db, (at, limit) => punchSelect(q, desc, at, limit), { sort: 'time', id: 'id' });
    async function* cells() {
      for await (const raw of all) {
        const r = presentPunch(ctx, raw);
        yield [r.account, r.deviceName, r.addtime];
      }
    }
    const headers = ['account', 'deviceName', 'addtime'].map((k) => t(ctx.lang, `att.col.${k}`));
    await streamWorkbook(reply, `${t(ctx.lang, 'att.punchDetails')}.xlsx`, PUNCH_SHEET, headers, cells(), total);
    return undefined;
  }),
];
