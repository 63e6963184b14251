import { loader } from './lazyScreen.tsx';

/** The chunk of the 403 and 404 screens (a file of its own: the screens that show them import it, and the shell them). */
export const loadErrorPages = loader(() => import('./ErrorPages.tsx'));
