import { useEffect } from 'react';
import { Navigate, type RouteObject, useNavigate, useRoutes } from 'react-router';
import { Forbidden, NotFound } from './errorScreens.tsx';
import { lazyScreen } from './lazyScreen.tsx';
import { PageGate } from './PageGate.tsx';
import { PAGES } from './pages.ts';
import { loadForgetPwd, loadLogin } from './preload.ts';
import { loadShell } from './signed-in-chunks.ts';
import { setNavigate } from '../api/navigate.ts';

// The sign-in pages and the shell load on demand, so the first screen carries only what it shows.
const LoginPage = lazyScreen(loadLogin, (m) => m.LoginPage);
const ForgetPwdPage = lazyScreen(loadForgetPwd, (m) => m.ForgetPwdPage);
const SignedInShell = lazyScreen(loadShell, (m) => m.SignedInShell);

/** Public routes: /login, /active, /forgetPwd, /404; everything else needs a session. */
const ROUTES: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/active', element: <LoginPage activation /> },
  { path: '/forgetPwd', element: <ForgetPwdPage /> },
  { path: '/404', element: <NotFound /> },
  {
    element: <SignedInShell />,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      { path: '/403', element: <Forbidden /> },
      ...PAGES.map((p) => {
        const Page = lazyScreen(p.load, (m) => m.default);
        return {
          path: p.path,
          element: (
            <PageGate access={p.access}>
              <Page />
            </PageGate>
          ),
        };
      }),
      { path: '*', element: <NotFound /> },
    ],
  },
];

/**
 * The screens by path (inside the BrowserRouter of App.tsx). Plain routes, not a data router:
 * no screen loads data through the router, and the data router's code weighs 17 kB gzip more.
 */
export function AppRoutes() {
  const navigate = useNavigate();
  // the API client navigates from outside React (to /login when a session ends)
  useEffect(() => setNavigate((to) => void navigate(to)), [navigate]);
  return useRoutes(ROUTES);
}
