import type { Access, MenuNode } from '@gatehouse/contracts';
import { getSession } from './store.ts';

function holds(nodes: MenuNode[], keys: readonly string[]): boolean {
  return nodes.some((n) => keys.includes(n.key) || holds(n.children ?? [], keys));
}

/** Whether the signed-in user holds one of these menus (administrators are sent all of theirs). */
export const holdsMenu = (keys: readonly string[]): boolean => holds(getSession()?.menus ?? [], keys);

/** Whether the signed-in user may call a route (the menus its access names; the server checks again). */
export function mayCall(access: Access): boolean {
  if (access === 'public' || access === 'session') return getSession() !== null;
  return holdsMenu(access.menus);
}
