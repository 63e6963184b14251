import { oplogRoutes } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

/** The menus under a menu (0: the first level), in the current language; none before a parent is chosen. */
export const useMenusByPid = (pid: number | undefined, lang: string) =>
  useQuery({ queryKey: ['menusByPid', pid, lang], queryFn: () => call(oplogRoutes.getMenusByPid, { pid }), enabled: pid !== undefined });
