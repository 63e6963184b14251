import { type Access, type MenuNode, ROUTES } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/client.ts';
import { getSession } from '../session/store.ts';

function holds(nodes: MenuNode[], keys: readonly string[]): boolean {
  return nodes.some((n) => keys.includes(n.key) || holds(n.children ?? [], keys));
}

/** Whether the signed-in user may call a route (the menus its access names; the server checks again). */
export function mayCall(access: Access): boolean {
  if (access === 'public' || access === 'session') return getSession() !== null;
  return holds(getSession()?.menus ?? [], access.menus);
}

/**
 * The accounts of a household (searchAccountsByResidentId) for the card and face
 * dialogs; users whose menus do not allow it get none and type the phone instead.
 */
export function useHouseholdAccounts(addressId: number | undefined) {
  const route = ROUTES.account.searchAccountsByResidentId;
  return (
    useQuery({
      queryKey: ['householdAccounts', addressId],
      queryFn: () => call(route, { addressId }),
      enabled: addressId !== undefined && mayCall(route.access),
      staleTime: 10_000,
    }).data ?? []
  );
}
