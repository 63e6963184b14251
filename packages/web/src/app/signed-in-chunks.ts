import { matchPath } from 'react-router';
import { loader } from './lazyScreen.tsx';
import { PAGES } from './pages.ts';

/** The chunk of the signed-in shell (header, menu, dialogs of the header). */
export const loadShell = loader(() => import('./SignedInShell.tsx'));

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
