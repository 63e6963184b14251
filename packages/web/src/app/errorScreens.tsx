import { lazyScreen } from './lazyScreen.tsx';
import { loadErrorPages } from './preload.ts';

// The 403 and 404 screens (antd's Result with its pictures) load when one is shown.
export const Forbidden = lazyScreen(() => loadErrorPages().then((m) => m.Forbidden));
export const NotFound = lazyScreen(() => loadErrorPages().then((m) => m.NotFound));
