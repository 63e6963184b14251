import { ROUTES } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from './client.ts';

/** Communities in the caller's scope (id and name). */
export const useCommunities = () =>
  useQuery({ queryKey: ['allCommunities'], queryFn: () => call(ROUTES.community.getAllCommunities, {}), staleTime: 30_000 }).data ?? [];

/** Householder addresses of a community matching the typed text (nothing before a community is chosen). */
export function useResidents(communityID: number | undefined, text: string) {
  return (
    useQuery({
      queryKey: ['residents', communityID, text],
      queryFn: () => call(ROUTES.address.searchResidents, { communityID, address: text }),
      enabled: communityID !== undefined,
    }).data ?? []
  );
}
