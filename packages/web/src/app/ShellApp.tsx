import type { useAppProps } from 'antd/es/app/context';
import AppContext from 'antd/es/app/context';
import { message } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import type { Later } from './ShellHolders.tsx';

const loadHolders = () => import('./ShellHolders.tsx');
const ShellHolders = lazy(() => loadHolders().then((m) => ({ default: m.ShellHolders })));

const NOTIFICATION = ['success', 'info', 'warning', 'error', 'open', 'destroy'] as const;
const MODAL = ['confirm', 'info', 'success', 'error', 'warning'] as const;

/** An API whose methods wait for the real one (they are called after it is in: it loads when the shell is idle). */
function forward<T>(ready: Promise<T>, names: readonly string[], wake: () => void): T {
  const api: Record<string, (...args: unknown[]) => void> = {};
  for (const name of names) {
    api[name] = (...args) => {
      wake();
      void ready.then((real) => (real as Record<string, (...a: unknown[]) => unknown>)[name]?.(...args));
    };
  }
  return api as T;
}

/**
 * What antd's `<App component={false}>` gives the shell (`useApp()`: message, notification, modal),
 * with the notification and modal code (17 kB gzip) loaded once the shell is idle instead of with it:
 * a call made before then waits for it. The shell uses notification for the message bell and
 * modal.confirm in a dialog, both long after the first draw.
 */
export function ShellApp({ children }: { children: ReactNode }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [wanted, setWanted] = useState(false);
  const later = useMemo(() => {
    let resolve: (apis: Later) => void = () => undefined;
    const ready = new Promise<Later>((r) => {
      resolve = r;
    });
    return { ready, resolve };
  }, []);
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      setWanted(true);
      return;
    }
    const id = requestIdleCallback(() => setWanted(true), { timeout: 2_000 });
    return () => cancelIdleCallback(id);
  }, []);
  const value = useMemo<useAppProps>(() => {
    const wake = () => setWanted(true);
    return {
      message: messageApi,
      notification: forward(
        later.ready.then((l) => l.notification),
        NOTIFICATION,
        wake,
      ),
      modal: forward(
        later.ready.then((l) => l.modal),
        MODAL,
        wake,
      ),
    };
  }, [messageApi, later]);
  return (
    <AppContext.Provider value={value}>
      {wanted ? (
        <Suspense fallback={null}>
          <ShellHolders onReady={later.resolve} />
        </Suspense>
      ) : null}
      {messageHolder}
      {children}
    </AppContext.Provider>
  );
}
