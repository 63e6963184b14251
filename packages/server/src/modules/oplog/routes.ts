import { MENUS, ROUTES } from '@gatehouse/contracts';
import { t } from '../../http/i18n.ts';
import { handle, type Registered } from '../../http/route.ts';
import { filtered, present } from './queries.ts';
import { listExport } from '../../http/list-export.ts';
import { listScreen } from '../../http/list-screen.ts';
import { type Cursor, keysetPage } from '../../db/keyset.ts';

const O = ROUTES.oplog;
const COLUMNS = ['id', 'name1', 'name2', 'content', 'regno', 'addtime', 'detail'] as const;

type OpLogQ = Awaited<ReturnType<typeof filtered>>;
/** The op log's rows after a keyset position, in (addtime, id) order: a screen or an export batch. */
const opLogSelect = (q: OpLogQ, desc: boolean, at: Cursor | null, limit: number, offset = 0) =>
  keysetPage(q.select([...COLUMNS].map((c) => `o.${c}` as const)), { sort: 'o.addtime', id: 'o.id' }, desc, at, limit, offset);

/**
 * A screen of the op log: the page's ids first, in order, from the (addtime, id) index that carries
 * the account and scope columns (an index-only scan, migration 0902), then those rows alone.
 */
const opLogScreen = (q: OpLogQ, desc: boolean, _at: null, limit: number, offset: number) => {
  const ids = keysetPage(q.select('o.id'), { sort: 'o.addtime', id: 'o.id' }, desc, null, limit, offset);
  return opLogSelect(q.clearWhere().where('o.id', 'in', ids), desc, null, limit);
};

export const oplogHandlers: Registered[] = [
  handle(O.getOpLogPage, listScreen(filtered, opLogScreen, present)),

  handle(O.getMenusByPid, async (input, ctx) =>
    MENUS.filter((m) => m.parentId === (input.pid ?? 0))
      .sort((a, b) => a.sort - b.sort)
      .map((m) => ({ intValue: m.id, label: t(ctx.lang, `menu.${m.key}`) })),
  ),

  handle(
    O.exportOpLog,
    listExport(
      filtered,
      opLogSelect,
      { sort: 'addtime', id: 'id' },
      (ctx) => ({
        name: t(ctx.lang, 'oplog.sheet'),
        headers: ['name1', 'name2', 'name', 'regno', 'addtime', 'changes'].map((k) => t(ctx.lang, `oplog.col.${k}`)),
      }),
      (ctx, r) => {
        const p = present(ctx, r);
        return [p.name1, p.name2, p.name, p.regno, p.addtime, p.changes.map((c) => `${c.field}: ${c.before} → ${c.after}`).join('; ')];
      },
    ),
  ),
];
