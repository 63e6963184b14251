import { askEarly } from '../api/early.ts';
import { getSession } from '../session/store.ts';
import { loader } from './lazyScreen.tsx';
import { loadErrorPages } from './error-chunk.ts';
import { preloadSignedIn } from './signed-in-chunks.ts';

/** The chunks of the public screens. */
export const loadLogin = loader(() => import('../features/session/LoginPage.tsx'));
export const loadForgetPwd = loader(() => import('../features/session/ForgetPwdPage.tsx'));

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
