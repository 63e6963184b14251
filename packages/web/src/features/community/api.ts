import { ROUTES } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export const COMMUNITIES_KEY = ['communities'] as const;
export const ENTERPRISES_KEY = ['enterprises'] as const;
export const coversKey = (communityId: number) => ['covers', communityId] as const;

/** Engineering accounts offered in the project dialog. */
export const useEngineers = () =>
  useQuery({ queryKey: ['engineers'], queryFn: () => call(ROUTES.account.getEngineers, {}), staleTime: 30_000 }).data ?? [];

/** One community (the edit dialog, the address page's breadcrumb). */
export const useCommunity = (id: number | undefined) =>
  useQuery({ queryKey: ['community', id], queryFn: () => call(ROUTES.community.getCommunity, { id }), enabled: id !== undefined });

export const useCovers = (communityId: number) =>
  useQuery({ queryKey: coversKey(communityId), queryFn: () => call(ROUTES.community.getCommunityFiles, { communityId }) });
