import { MENUS, ROUTES } from '@gatehouse/contracts';
import { t } from '../../http/i18n.ts';
import { handle, type Registered } from '../../http/route.ts';
import { assertExportable } from '../../xlsx/export-limit.ts';
import { streamWorkbook } from '../../xlsx/write.ts';
import { cheapTotal, filtered, present, type RawOpLog } from './queries.ts';
import { keysetPage } from '../../db/keyset.ts';

const O = ROUTES.oplog;
const COLUMNS = ['id', 'name1', 'name2', 'content', 'regno', 'addtime', 'detail'] as const;

export const oplogHandlers: Registered[] = [
  handle(O.getOpLogPage, async (input, ctx) => {
    const q = await filtered(ctx, input);
    const [{ total, estimated }, rows] = await Promise.all([
      cheapTotal(ctx, q),
      q
        .select([...COLUMNS].map((c) => `o.${c}` as const))
        .orderBy('o.addtime', input.order ?? 'desc')
        .orderBy('o.id', input.order ?? 'desc')
        .limit(input.rows)
        .offset(input.page * input.rows)
        .execute(),
    ]);
    return { total, estimated, rows: (rows as RawOpLog[]).map((r) => present(ctx, r)) };
  }),

  handle(O.getMenusByPid, async (input, ctx) =>
    MENUS.filter((m) => m.parentId === (input.pid ?? 0))
      .sort((a, b) => a.sort - b.sort)
      .map((m) => ({ intValue: m.id, label: t(ctx.lang, `menu.${m.key}`) })),
  ),

  handle(O.exportOpLog, async (input, ctx, { reply }) => {
    const q = await filtered(ctx, input);
    const total = await assertExportable(ctx, q);
    const desc = (input.order ?? 'desc') === 'desc';
    // Keyset paging over (addtime, id): memory stays flat for a million rows.
    async function* rows() {
      let last: { addtime: Date; id: number } | null = null;
      for (;;) {
        const page = q.select([...COLUMNS].map((c) => `o.${c}` as const));
        const at = last && { sort: last.addtime, id: last.id };
        const batch = (await keysetPage(page, { sort: 'o.addtime', id: 'o.id' }, desc, at, 2000).execute()) as RawOpLog[];
        if (!batch.length) return;
        for (const r of batch) {
          const p = present(ctx, r);
          yield [p.name1, p.name2, p.name, p.regno, p.addtime, p.changes.map((c) => `${c.field}: ${c.before} → ${c.after}`).join('; ')];
        }
        const tail = batch[batch.length - 1] as RawOpLog;
        last = { addtime: tail.addtime, id: Number(tail.id) };
      }
    }
    const headers = ['name1', 'name2', 'name', 'regno', 'addtime', 'changes'].map((k) => t(ctx.lang, `oplog.col.${k}`));
    await streamWorkbook(reply, `${t(ctx.lang, 'oplog.sheet')}.xlsx`, t(ctx.lang, 'oplog.sheet'), headers, rows(), total);
    return undefined;
  }),
];
