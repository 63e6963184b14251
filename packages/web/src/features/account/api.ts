import { ROUTES } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { useT } from '../../i18n/index.ts';

export const ACCOUNTS_KEY = ['accounts'] as const;
export const PERM_ACCOUNTS_KEY = ['permAccounts'] as const;

/** Area-code options from the server's country list: "+86 China" / "+86 中国". */
export function useAreaCodes() {
  const { lang } = useT();
  const q = useQuery({ queryKey: ['countries'], queryFn: () => call(ROUTES.account.getCountries), staleTime: Number.POSITIVE_INFINITY });
  return (q.data ?? []).map((c) => ({ value: c.tel, key: c.code, label: `+${c.tel} ${lang === 'en' ? c.en : c.zh}` }));
}

/** Roles offered when adding an account (the server's list: not 10, 11). */
export const useCreatableRoles = () =>
  useQuery({ queryKey: ['roles', 'create'], queryFn: () => call(ROUTES.role.getRolesKeyValue), staleTime: 60_000 }).data ?? [];

/** Roles of the list filter. */
export const useSearchRoles = () =>
  useQuery({ queryKey: ['roles', 'search'], queryFn: () => call(ROUTES.role.getSearchRolesKeyValues), staleTime: 60_000 }).data ?? [];

/** The door units of a cloud user's company (read-only in the dialog). */
export const useClouduserDevices = (userId: number | undefined) =>
  useQuery({
    queryKey: ['clouduserDevices', userId],
    queryFn: () => call(ROUTES.account.getClouduserDevices, { userId }),
    enabled: userId !== undefined,
  }).data ?? [];
