import { addressRoutes, communityRoutes } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from './client.ts';

/**
 * Communities in the caller's scope (id and name). A dialog that picks one asks for them `fresh`:
 * read again each time it opens (a community added meanwhile, in another tab or by a colleague,
 * is there to pick), the list known so far shown until they come.
 */
export const useCommunities = (fresh = false) =>
  useQuery({
    queryKey: ['allCommunities'],
    queryFn: () => call(communityRoutes.getAllCommunities, {}),
    staleTime: 30_000,
    refetchOnMount: fresh ? 'always' : true,
  }).data ?? [];

/** Householder addresses of a community matching the typed text (nothing before a community is chosen). */
export function useResidents(communityID: number | undefined, text: string) {
  return (
    useQuery({
      queryKey: ['residents', communityID, text],
      queryFn: () => call(addressRoutes.searchResidents, { communityID, address: text }),
      enabled: communityID !== undefined,
    }).data ?? []
  );
}
