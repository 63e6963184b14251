import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { Spin } from 'antd';
import { ForgetPwdPage } from '../features/session/ForgetPwdPage.tsx';
import { LoginPage } from '../features/session/LoginPage.tsx';
import { ComingSoon, Forbidden, NotFound } from './ErrorPages.tsx';
import { type PageDef, PAGES } from './pages.ts';
import { RequireAuth } from './RequireAuth.tsx';
import { setNavigate } from './router-ref.ts';
import { Shell } from './Shell.tsx';
import { PageGate } from './PageGate.tsx';

const lazyPage = (load: PageDef['load']) => {
  const C = lazy(load);
  return (
    <Suspense fallback={<Spin style={{ margin: 48 }} />}>
      <C />
    </Suspense>
  );
};

/** Public routes: /login, /active, /forgetPwd, /404; everything else needs a session. */
export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  { path: '/active', element: <LoginPage activation /> },
  { path: '/forgetPwd', element: <ForgetPwdPage /> },
  { path: '/404', element: <NotFound /> },
  {
    element: (
      <RequireAuth>
        <Shell />
      </RequireAuth>
    ),
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      { path: '/403', element: <Forbidden /> },
      ...PAGES.map((p) => ({ path: p.path, element: <PageGate access={p.access}>{lazyPage(p.load)}</PageGate> })),
      { path: '*', element: <ComingSoon /> },
    ],
  },
]);

setNavigate((to) => {
  void router.navigate(to);
});
