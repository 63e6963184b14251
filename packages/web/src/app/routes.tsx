import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { Spin } from 'antd';
import { Forbidden, NotFound } from './ErrorPages.tsx';
import { PageGate } from './PageGate.tsx';
import { type PageDef, PAGES } from './pages.ts';
import { loadForgetPwd, loadLogin, loadShell } from './preload.ts';
import { setNavigate } from './router-ref.ts';

// The sign-in pages and the shell load on demand, so the first screen carries only what it shows.
const LoginPage = lazy(() => loadLogin().then((m) => ({ default: m.LoginPage })));
const ForgetPwdPage = lazy(() => loadForgetPwd().then((m) => ({ default: m.ForgetPwdPage })));
const SignedInShell = lazy(() => loadShell().then((m) => ({ default: m.SignedInShell })));
const waiting = <Spin style={{ margin: 48 }} />;

const lazyPage = (load: PageDef['load']) => {
  const C = lazy(load);
  return (
    <Suspense fallback={waiting}>
      <C />
    </Suspense>
  );
};

/** Public routes: /login, /active, /forgetPwd, /404; everything else needs a session. */
export const router = createBrowserRouter([
  {
    path: '/login',
    element: (
      <Suspense fallback={waiting}>
        <LoginPage />
      </Suspense>
    ),
  },
  {
    path: '/active',
    element: (
      <Suspense fallback={waiting}>
        <LoginPage activation />
      </Suspense>
    ),
  },
  {
    path: '/forgetPwd',
    element: (
      <Suspense fallback={waiting}>
        <ForgetPwdPage />
      </Suspense>
    ),
  },
  { path: '/404', element: <NotFound /> },
  {
    element: (
      <Suspense fallback={waiting}>
        <SignedInShell />
      </Suspense>
    ),
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      { path: '/403', element: <Forbidden /> },
      ...PAGES.map((p) => ({ path: p.path, element: <PageGate access={p.access}>{lazyPage(p.load)}</PageGate> })),
      { path: '*', element: <NotFound /> },
    ],
  },
]);

setNavigate((to) => {
  void router.navigate(to);
});
