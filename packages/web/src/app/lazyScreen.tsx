import { Spin } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';

/** What shows while a screen's chunk loads. */
export const waiting = <Spin style={{ margin: 48 }} />;

/** A screen whose code loads when it is first drawn (a spinner meanwhile). */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const C = lazy(() => load().then((c) => ({ default: c })));
  return (props: P) => (
    <Suspense fallback={waiting}>
      <C {...props} />
    </Suspense>
  );
}
