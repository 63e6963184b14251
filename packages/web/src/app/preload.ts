import { matchPath } from 'react-router';
import { askEarly } from '../api/early.ts';
import { getSession } from '../session/store.ts';
import { loader } from './lazyScreen.tsx';
import { PAGES } from './pages.ts';

/** The chunk of the signed-in shell (header, menu, dialogs of the header). */
export const loadShell = loader(() => import('./SignedInShell.tsx'));
/** The chunks of the public screens. */
export const loadLogin = loader(() => import('../features/session/LoginPage.tsx'));
export const loadForgetPwd = loader(() => import('../features/session/ForgetPwdPage.tsx'));
/** The chunk of the 403 and 404 screens. */
export const loadErrorPages = loader(() => import('./ErrorPages.tsx'));

const PUBLIC: Record<string, () => Promise<unknown>> = { '/login': loadLogin, '/active': loadLogin, '/forgetpwd': loadForgetPwd };

/**
 * At start, the screen of the address opened starts loading while the language's texts load
 * (rather than after them): a public screen, the error screens at /404, or the shell and the page
 * (sign-in without a session; at / the user's first page). Answers when they are in: main.tsx draws
 * then, so the first draw is the screen itself (a screen drawn through Suspense shows a spinner,
 * which React keeps for 300 ms once shown). A chunk that fails to load answers too (the screen then
 * shows why).
 */
export function preloadFirstScreen(pathname: string): Promise<unknown> {
  const session = getSession();
  const load = PUBLIC[pathname.toLowerCase()] ?? (pathname === '/404' ? loadErrorPages : session ? undefined : loadLogin);
  const signedIn = () => {
    const path = pathname === '/' ? (session?.defaultPath ?? undefined) : pathname;
    if (path) askEarly(path);
    return preloadSignedIn(path);
  };
  return (load ? load() : signedIn()).catch(() => undefined);
}

/**
 * Starts loading what the signed-in app needs for a path, side by side: the shell and, when
 * the path is a page, that page. Called while the sign-in page waits for the user (shell
 * only) and as soon as the sign-in answers (shell and the user's first page), so the shell
 * does not wait for its chunk and then for the page's chunk, one after the other.
 */
export function preloadSignedIn(path?: string): Promise<unknown> {
  const page = path ? PAGES.find((p) => matchPath({ path: p.path, caseSensitive: false }, path)) : undefined;
  return Promise.all([loadShell(), page?.load()]);
}

/** Once the browser has nothing else to do (the sign-in page is drawn), the shell starts loading. */
export function preloadShellWhenIdle(): () => void {
  const start = () => void preloadSignedIn().catch(() => undefined);
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(start, { timeout: 2_000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(start, 500);
  return () => clearTimeout(id);
}
