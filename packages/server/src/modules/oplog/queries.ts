import { isSystemAdmin, type Lang, MENUS, menuById, menuByKey, type MenuKey } from '@gatehouse/contracts';
import type { SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { OpLogTable } from '../../db/tables/foundation.ts';
import type { AuthCtx } from '../../http/context.ts';
import { dateRange, formatDateTime } from '../../http/dates.ts';
import { t } from '../../http/i18n.ts';
import { listScope, scopeIds } from '../../http/scope.ts';
import type { StreamedRow } from '../../db/keyset.ts';
import { inRange, likePrefix } from '../../db/sql.ts';

export interface OpLogFilters {
  name1?: number;
  name2?: number;
  regno?: string;
  starttime?: string;
  endtime?: string;
  order?: 'asc' | 'desc';
}

type Q = SelectQueryBuilder<DB & { o: OpLogTable }, 'o', object>;

/** The op log rows a caller may read: administrators all; others their communities' and their own. */
export async function filtered(ctx: AuthCtx, f: OpLogFilters): Promise<Q> {
  let q: Q = ctx.db.selectFrom('op_log as o');
  if (!isSystemAdmin(ctx.caller.roleId)) {
    const scope = await listScope(ctx.db, ctx.caller);
    if (!scope.all)
      q = q.where((eb) => eb.or([eb('o.community_id', 'in', scopeIds(scope)), eb('o.account_id', '=', ctx.caller.accountId)]));
  }
  const m1 = f.name1 ? menuById(f.name1) : undefined;
  const m2 = f.name2 ? menuById(f.name2) : undefined;
  if (m1) q = q.where('o.name1', '=', m1.key);
  if (m2) q = q.where('o.name2', '=', m2.key);
  if (f.regno) q = q.where('o.regno', 'like', likePrefix(f.regno));
  return inRange(q, dateRange(ctx.config.TZ_NAME, f.starttime, f.endtime), 'o.addtime');
}

/** A menu's name in a language (the key itself when no menu has it), looked up once: an export asks on every row. */
const menuNames = new Map<string, string>();
const menuName = (lang: Lang, key: string) => {
  const k = `${lang}|${key}`;
  let name = menuNames.get(k);
  if (name === undefined) {
    name = MENU_KEYS.has(key) ? t(lang, `menu.${menuByKey(key as MenuKey).key}`) : key;
    menuNames.set(k, name);
  }
  return name;
};
const MENU_KEYS = new Set<string>(MENUS.map((m) => m.key));

const show = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/** Fields whose value differs between before and after. */
export function changesOf(detail: unknown): { field: string; before: string; after: string }[] {
  const d = (detail ?? {}) as { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null };
  const before = d.before && typeof d.before === 'object' ? d.before : {};
  const after = d.after && typeof d.after === 'object' ? d.after : {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.map((field) => ({ field, before: show(before[field]), after: show(after[field]) })).filter((c) => c.before !== c.after);
}

export interface RawOpLog {
  id: number;
  name1: string;
  name2: string;
  content: string;
  regno: string;
  addtime: Date;
  detail: unknown;
}

export const present = (ctx: AuthCtx, r: RawOpLog | StreamedRow<RawOpLog>) => ({
  id: Number(r.id),
  name1: menuName(ctx.lang, r.name1),
  name2: r.name2 === r.name1 ? '' : menuName(ctx.lang, r.name2),
  name: t(ctx.lang, r.content),
  regno: r.regno,
  addtime: formatDateTime(r.addtime, ctx.config.TZ_NAME),
  changes: changesOf(r.detail),
});
