import { accountRoutes, roleRoutes } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, mutate, mutation } from '../../api/client.ts';
import { useT } from '../../i18n/index.ts';

export const ACCOUNTS_KEY = ['accounts'] as const;
export const PERM_ACCOUNTS_KEY = ['permAccounts'] as const;

/** Area-code options from the server's country list: "+86 China" / "+86 中国". */
export function useAreaCodes() {
  const { lang } = useT();
  const q = useQuery({ queryKey: ['countries'], queryFn: () => call(accountRoutes.getCountries), staleTime: Number.POSITIVE_INFINITY });
  return (q.data ?? []).map((c) => ({ value: c.tel, key: c.code, label: `+${c.tel} ${lang === 'en' ? c.en : c.zh}` }));
}

/** Roles offered when adding an account (the server's list: not 10, 11). */
export const useCreatableRoles = () =>
  useQuery({ queryKey: ['roles', 'create'], queryFn: () => call(roleRoutes.getRolesKeyValue), staleTime: 60_000 }).data ?? [];

/** Roles of the list filter. */
export const useSearchRoles = () =>
  useQuery({ queryKey: ['roles', 'search'], queryFn: () => call(roleRoutes.getSearchRolesKeyValues), staleTime: 60_000 }).data ?? [];

/** The door units of a cloud user's company (read-only in the dialog). */
export const useClouduserDevices = (userId: number | undefined) =>
  useQuery({
    queryKey: ['clouduserDevices', userId],
    queryFn: () => call(accountRoutes.getClouduserDevices, { userId }),
    enabled: userId !== undefined,
  }).data ?? [];

/** One account (the edit dialog). */
export const useAccount = (userId: number | undefined) =>
  useQuery({
    queryKey: ['account', userId],
    queryFn: () => call(accountRoutes.getUser, { id: userId }),
    enabled: userId !== undefined,
    gcTime: 0,
  });

/** Add or edit an account (000 §5). */
export const saveAccount = (v: Record<string, unknown>, userid?: number) =>
  userid === undefined ? mutate(accountRoutes.create, v) : mutate(accountRoutes.updateAccount, { ...v, userid });

/** Whether a phone is free for a role (checked as it is typed; no toast, null when the check fails). */
export const phoneAvailable = (regNo: string, roleID: number, userid?: number) =>
  call(accountRoutes.checkUserProperties, { regNo, roleID, userid }, { silent: true }).catch(() => null);

/** Whom a phone belongs to, for the migration dialog (no toast, null when the check fails). */
export const phoneOwner = (regNo: string) => call(accountRoutes.getManagerByRegno, { regNo }, { silent: true }).catch(() => null);
export const transferAccount = mutation(accountRoutes.transferAccount);

/** The menu tree, and the menus granted to one account (the permission dialog). */
export const useAllMenus = () => useQuery({ queryKey: ['allMenu'], queryFn: () => call(accountRoutes.getAllMenu) });
export const useGrantedMenus = (userId: number) =>
  useQuery({ queryKey: ['perMenu', userId], queryFn: () => call(accountRoutes.getPerMenu, { userId }), gcTime: 0 });
export const grantMenus = (userId: number, menuIds: number[]) => mutate(accountRoutes.updateUserMenu, { userId, menuIds });
