import { matchPath } from 'react-router';
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
 * (rather than after them): a public screen, or the shell and the page (sign-in without a session).
 */
export function preloadFirstScreen(pathname: string): void {
  const load = PUBLIC[pathname.toLowerCase()];
  if (load) void load();
  else if (pathname === '/404') return;
  else if (getSession()) preloadSignedIn(pathname);
  else void loadLogin();
}

/**
 * Starts loading what the signed-in app needs for a path, side by side: the shell and, when
 * the path is a page, that page. Called while the sign-in page waits for the user (shell
 * only) and as soon as the sign-in answers (shell and the user's first page), so the shell
 * does not wait for its chunk and then for the page's chunk, one after the other.
 */
export function preloadSignedIn(path?: string): void {
  void loadShell();
  const page = path ? PAGES.find((p) => matchPath({ path: p.path, caseSensitive: false }, path)) : undefined;
  if (page) void page.load();
}

/** Once the browser has nothing else to do (the sign-in page is drawn), the shell starts loading. */
export function preloadShellWhenIdle(): () => void {
  const start = () => preloadSignedIn();
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(start, { timeout: 2_000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(start, 500);
  return () => clearTimeout(id);
}
