import type { MenuNode } from '@gatehouse/contracts';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../i18n/index.ts';
import { useSession } from '../session/useSession.ts';

/** The menu leaves with their full paths (parent path + child path, 000 §2). */
const leaves = (menus: MenuNode[]) =>
  menus.flatMap((m) =>
    m.children ? m.children.map((c) => ({ path: `${m.path}${c.path}`, name: c.name })) : [{ path: m.path, name: m.name }],
  );

/** Names the browser tab after the screen (its menu entry, in the session's language): "Gate cards - Gatehouse". */
export function useScreenTitle(): void {
  const { t, lang } = useT();
  const session = useSession();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the title follows the language too (t reads it)
  useEffect(() => {
    const product = t('ui.product');
    const leaf = leaves(session?.menus ?? [])
      .filter((l) => pathname === l.path || pathname.startsWith(`${l.path}/`))
      .sort((a, b) => b.path.length - a.path.length)[0];
    document.title = leaf ? `${leaf.name} - ${product}` : product;
  }, [pathname, session?.menus, t, lang]);
}
