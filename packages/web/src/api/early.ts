import { getLangCode, getSession } from '../session/store.ts';

/**
 * A list's first page asked for as the app starts, before its screen is drawn. A list screen notes
 * the request of its first page under the screen's path (`rememberFirstRequest`, localStorage: the
 * request only, no answer); the next time the app starts at that path signed in, the entry sends it
 * at once (`askEarly`), beside the code's download, and the list's first call takes that answer
 * (`takeEarly`) instead of asking again after the first draw (docs/performance.md, "First screen").
 * A request the list no longer makes is never taken; it only cost its round trip.
 */
const KEY = 'gh_first_requests';
const KEEP = 20;
const started = new Map<string, Promise<Response>>();

/** The request of a GET call as a key: its path and input, without the cache-busting `_t`. */
export const requestOf = (path: string, query: URLSearchParams): string => {
  const q = new URLSearchParams(query);
  q.delete('_t');
  return `${path}?${q.toString()}`;
};

function remembered(): [string, string][] {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? (v as [string, string][]) : [];
  } catch {
    return [];
  }
}

/** Notes a screen's first list request (the latest screens only). */
export function rememberFirstRequest(screen: string, request: string): void {
  const kept = remembered().filter(([s]) => s !== screen);
  localStorage.setItem(KEY, JSON.stringify([[screen, request], ...kept].slice(0, KEEP)));
}

/** What index.html's first-screen script (build/firstScreenHints.ts) sent before the entry ran. */
interface EarlyWindow {
  __ghStarted?: boolean;
  __ghEarly?: { request: string; answer: Promise<Response> };
}

/**
 * Sends the first list request noted for a screen, if any (the app starts there signed in), or
 * takes the one index.html's first-screen script sent for it already.
 */
export function askEarly(screen: string): void {
  const w = window as EarlyWindow;
  w.__ghStarted = true;
  const request = remembered().find(([s]) => s === screen)?.[1];
  const token = getSession()?.token;
  if (!request || !token) return;
  const sent = w.__ghEarly;
  w.__ghEarly = undefined;
  if (sent?.request === request) {
    started.set(request, sent.answer);
    return;
  }
  const url = `/api${request}${request.endsWith('?') ? '' : '&'}_t=${Date.now()}`;
  started.set(request, fetch(url, { headers: { 'x-lang': getLangCode(), token }, credentials: 'same-origin' }));
}

/** The answer of a request sent early, once. */
export function takeEarly(request: string): Promise<Response> | undefined {
  const answer = started.get(request);
  started.delete(request);
  return answer;
}
