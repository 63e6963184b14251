import { HOLDER_STATUSES, type MenuNode, ROUTES } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { tr } from '../../i18n/index.ts';
import { getSession } from '../../session/store.ts';

export const FACES_KEY = ['faces'] as const;
export const GATE_FACES_KEY = ['gateFaces'] as const;

/** Status choices (enable shown as valid, disable as invalid). */
export const statusOptions = () => HOLDER_STATUSES.map((s) => ({ value: s, label: tr(`ui.face.status.${s}`) }));

function holds(nodes: MenuNode[], keys: readonly string[]): boolean {
  return nodes.some((n) => keys.includes(n.key) || holds(n.children ?? [], keys));
}

/** Whether the signed-in user holds one of the menus (the server checks it again). */
export const hasMenu = (...keys: string[]): boolean => holds(getSession()?.menus ?? [], keys);

/** The accounts of a household (searchAccountsByResidentId), for users allowed to read accounts; otherwise none (typed instead). */
export function useHouseholdAccounts(addressId: number | undefined) {
  const allowed = hasMenu('account', 'project.project');
  return (
    useQuery({
      queryKey: ['householdAccounts', addressId],
      queryFn: () => call(ROUTES.account.searchAccountsByResidentId, { addressId }),
      enabled: allowed && addressId !== undefined,
      staleTime: 10_000,
    }).data ?? []
  );
}
