import { lazyScreen } from './lazyScreen.tsx';
import { loadErrorPages } from './error-chunk.ts';

// The 403, 404 and failed-screen screens (antd's Result with its pictures) load when one is shown.
export const Forbidden = lazyScreen(loadErrorPages, (m) => m.Forbidden);
export const NotFound = lazyScreen(loadErrorPages, (m) => m.NotFound);
export const ScreenFailed = lazyScreen(loadErrorPages, (m) => m.ScreenFailed);
