import { LIMITS, type LangCode, ROUTES } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { getSession, patchSession } from '../session/store.ts';
import { call } from './client.ts';

/** Refreshes the kept session (menus, community) from the server, quietly; a failure keeps the old one. */
export async function refreshSession(): Promise<void> {
  patchSession(await call(ROUTES.session.getSession, {}, { silent: true }));
}

/** Tells the server the chosen language and, when signed in, refreshes the session (its labels follow). */
export async function tellLanguage(type: LangCode): Promise<void> {
  await call(ROUTES.session.setLanguage, { type }, { silent: true });
  if (getSession()) await refreshSession();
}

/** Ends the session on the server (quietly: the caller forgets it either way). */
export const signOut = () => call(ROUTES.logout.logout, {}, { silent: true });

/** Switches the session's current community (0: all) and keeps the answer in the session. */
export async function switchCommunity(communityId: number): Promise<void> {
  const r = await call(ROUTES.session.updateCommunityId, { communityId });
  patchSession({ communityId: r.communityId, communityName: r.communityName });
}

/** The communities the caller may switch to, by name. */
export const useHomeCommunities = (name: string) =>
  useQuery({ queryKey: ['homeCommunities', name], queryFn: () => call(ROUTES.community.getHomeCommunities, { name }) });

/** The unread message count, polled every LIMITS.messagePollMs (the header's bell). */
export const useMessagePush = () =>
  useQuery({
    queryKey: ['messagePush'],
    queryFn: () => call(ROUTES.account.getMessagePush, {}, { silent: true }),
    refetchInterval: LIMITS.messagePollMs,
    refetchIntervalInBackground: true,
  });
