import { lazyScreen } from './lazyScreen.tsx';
import { loadErrorPages } from './preload.ts';

// The 403 and 404 screens (antd's Result with its pictures) load when one is shown.
let loaded: Awaited<ReturnType<typeof loadErrorPages>> | null = null;

/**
 * Loads the error screens; from then on they draw at once, without a spinner and without React's
 * wait before it swaps a spinner for what it stood for (300 ms). main.tsx awaits it when /404 is opened.
 */
export const errorScreensReady = () =>
  loadErrorPages().then((m) => {
    loaded = m;
  });

const LazyForbidden = lazyScreen(() => loadErrorPages().then((m) => m.Forbidden));
const LazyNotFound = lazyScreen(() => loadErrorPages().then((m) => m.NotFound));

export const Forbidden = () => (loaded ? <loaded.Forbidden /> : <LazyForbidden />);
export const NotFound = () => (loaded ? <loaded.NotFound /> : <LazyNotFound />);
