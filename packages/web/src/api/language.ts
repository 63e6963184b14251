import { type LangCode, sessionRoutes } from '@gatehouse/contracts';
import { getSession, patchSession } from '../session/store.ts';
import { call } from './client.ts';

// The language and session refresh calls, apart from api/session.ts so the sign-in page's
// language choice does not load the account and community routes.

/** Refreshes the kept session (menus, community) from the server, quietly; a failure keeps the old one. */
export async function refreshSession(): Promise<void> {
  patchSession(await call(sessionRoutes.getSession, {}, { silent: true }));
}

/** Tells the server the chosen language and, when signed in, refreshes the session (its labels follow). */
export async function tellLanguage(type: LangCode): Promise<void> {
  await call(sessionRoutes.setLanguage, { type }, { silent: true });
  if (getSession()) await refreshSession();
}
