import { accountRoutes, communityRoutes } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, mutate, mutation, upload } from '../../api/client.ts';

export const COMMUNITIES_KEY = ['communities'] as const;
export const ENTERPRISES_KEY = ['enterprises'] as const;
export const coversKey = (communityId: number) => ['covers', communityId] as const;

/** Engineering accounts offered in the project dialog. */
export const useEngineers = () =>
  useQuery({ queryKey: ['engineers'], queryFn: () => call(accountRoutes.getEngineers, {}), staleTime: 30_000 }).data ?? [];

/** One community (the edit dialog, the address page's breadcrumb). */
export const useCommunity = (id: number | undefined) =>
  useQuery({ queryKey: ['community', id], queryFn: () => call(communityRoutes.getCommunity, { id }), enabled: id !== undefined });

export const useCovers = (communityId: number) =>
  useQuery({ queryKey: coversKey(communityId), queryFn: () => call(communityRoutes.getCommunityFiles, { communityId }) });

/** Add or edit a project (000 §5). */
export const saveProject = (v: Record<string, unknown>, communityid?: number) =>
  communityid === undefined ? mutate(communityRoutes.create, v) : mutate(communityRoutes.updateCommu, { ...v, communityid });
export const updateEnterprise = mutation(communityRoutes.updateEnterprise);
/** Cover upload and delete go through one multipart call; it answers the covers as they now are. */
export const sendCovers = upload(communityRoutes.uploadCommunityFiles);
