import { type Lang, MENUS, type MenuNode, menuFullPath } from '@gatehouse/contracts';
import { t } from './i18n.ts';

/** The menu tree of the given ids (all ids when omitted), names in the session language. */
export function menuTree(lang: Lang, ids?: Set<number>): MenuNode[] {
  const visible = MENUS.filter((m) => !ids || ids.has(m.id)).sort((a, b) => a.sort - b.sort);
  const node = (m: (typeof MENUS)[number]): MenuNode => ({ id: m.id, key: m.key, name: t(lang, `menu.${m.key}`), path: m.path });
  return visible
    .filter((m) => m.parentId === 0)
    .map((top) => {
      const children = visible.filter((c) => c.parentId === top.id).map(node);
      const hasChildren = MENUS.some((c) => c.parentId === top.id);
      return hasChildren ? { ...node(top), children } : node(top);
    })
    .filter((n) => !n.children || n.children.length > 0);
}

/** The first leaf of the tree: where a user lands after sign-in. */
export function defaultPath(ids: Set<number>): string | null {
  const leaves = MENUS.filter((m) => ids.has(m.id) && !MENUS.some((c) => c.parentId === m.id)).sort((a, b) => {
    const pa = MENUS.find((p) => p.id === a.parentId)?.sort ?? a.sort;
    const pb = MENUS.find((p) => p.id === b.parentId)?.sort ?? b.sort;
    return pa - pb || a.sort - b.sort;
  });
  return leaves[0] ? menuFullPath(leaves[0]) : null;
}
