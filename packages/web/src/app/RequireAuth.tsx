import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { refreshSession } from '../api/session.ts';
import { clearSession, getSession, onSessionChange } from '../session/store.ts';

/**
 * Any non-public route without a signed-in user clears the cache and goes to
 * /login?next=<the link>. On each page load the session (menus, community) is refreshed from the
 * server, so a changed grant shows at the next load.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const [session, setSession] = useState(getSession());
  const { pathname, search } = useLocation();
  useEffect(() => onSessionChange(() => setSession(getSession())), []);
  useEffect(() => {
    if (!getSession()) return;
    refreshSession().catch(() => undefined);
  }, []);
  // Cleared after the draw: clearing tells every holder of the session, this one included, and a
  // state set while drawing draws again (React stops such a loop with an error).
  useEffect(() => {
    if (!session) clearSession();
  }, [session]);
  if (!session) {
    // The link asked for is kept through the sign-in (LoginPage goes there afterwards).
    const next = pathname === '/' ? '' : `?next=${encodeURIComponent(pathname + search)}`;
    return <Navigate to={`/login${next}`} replace />;
  }
  if (pathname === '/') return <Navigate to={session.defaultPath ?? '/403'} replace />;
  return <>{children}</>;
}
