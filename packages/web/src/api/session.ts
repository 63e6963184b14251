import { accountRoutes, communityRoutes, LIMITS, logoutRoutes, sessionRoutes } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { patchSession } from '../session/store.ts';
import { call } from './client.ts';

export { refreshSession, tellLanguage } from './language.ts';

/** Ends the session on the server (quietly: the caller forgets it either way). */
export const signOut = () => call(logoutRoutes.logout, {}, { silent: true });

/** Switches the session's current community (0: all) and keeps the answer in the session. */
export async function switchCommunity(communityId: number): Promise<void> {
  const r = await call(sessionRoutes.updateCommunityId, { communityId });
  patchSession({ communityId: r.communityId, communityName: r.communityName });
}

/** The communities the caller may switch to, by name. */
export const useHomeCommunities = (name: string) =>
  useQuery({ queryKey: ['homeCommunities', name], queryFn: () => call(communityRoutes.getHomeCommunities, { name }) });

/** The unread message count, polled every LIMITS.messagePollMs (the header's bell). */
export const useMessagePush = () =>
  useQuery({
    queryKey: ['messagePush'],
    queryFn: () => call(accountRoutes.getMessagePush, {}, { silent: true }),
    refetchInterval: LIMITS.messagePollMs,
    refetchIntervalInBackground: true,
  });
