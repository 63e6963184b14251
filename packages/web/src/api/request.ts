import { LIMITS, type RouteDef } from '@gatehouse/contracts';

/**
 * A GET call's input as query parameters, and its request as a key (`api/early.ts` finds an answer
 * sent early by it). Plain functions, no browser state: the build reads the pages' declared first
 * requests through them too (api/firstRequests.ts, build/firstScreenHints.ts).
 */
export function toParams(input: Record<string, unknown>): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const x of v) p.append(k, String(x));
    else p.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return p;
}

/** The request of a GET call as a key: its path and input, without the cache-busting `_t`. */
export const requestOf = (path: string, query: URLSearchParams): string => {
  const q = new URLSearchParams(query);
  q.delete('_t');
  return `${path}?${q.toString()}`;
};

/** A GET call's request, as `api/early.ts` notes and finds it. */
export const requestKey = (route: RouteDef, input: Record<string, unknown> = {}): string => requestOf(route.path, toParams(input));

/**
 * The request of a list's first page as `ListPage` sends it (page 0 of the first page size, then the
 * list's fixed inputs), for a list opened without filters.
 */
export const firstPageRequest = (route: RouteDef, fixed: Record<string, unknown> = {}): string =>
  requestKey(route, { page: 0, rows: LIMITS.pageSizes[0], ...fixed });
