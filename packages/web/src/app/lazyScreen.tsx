import { Spin } from 'antd';
import { type ComponentType, lazy, Suspense, useState } from 'react';

/** What shows while a screen's chunk loads. */
export const waiting = <Spin style={{ margin: 48 }} />;

/** A chunk's loader that keeps what it loaded: `loaded()` answers it once the chunk is in. */
export interface Loader<M> {
  (): Promise<M>;
  loaded(): M | undefined;
}

export function loader<M>(load: () => Promise<M>): Loader<M> {
  let promise: Promise<M> | undefined;
  let value: M | undefined;
  const f = () =>
    (promise ??= load().then((m) => {
      value = m;
      return m;
    }));
  return Object.assign(f, { loaded: () => value });
}

/**
 * A screen whose code loads when it is first drawn (a spinner meanwhile). A screen whose chunk is
 * already in (preloaded: app/preload.ts) draws at once: behind Suspense it would wait for React,
 * which keeps a spinner it has shown for 300 ms before it swaps in the screen.
 */
export function lazyScreen<M, P extends object>(load: Loader<M>, pick: (m: M) => ComponentType<P>): ComponentType<P> {
  const Lazy = lazy(() => load().then((m) => ({ default: pick(m) })));
  return (props: P) => {
    // chosen once per mount: a screen drawn through Suspense stays there (a swap would reset its state)
    const [ready] = useState(() => load.loaded());
    if (ready === undefined)
      return (
        <Suspense fallback={waiting}>
          <Lazy {...props} />
        </Suspense>
      );
    const Ready = pick(ready);
    return <Ready {...props} />;
  };
}
