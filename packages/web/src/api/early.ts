import { STATUS } from '@gatehouse/contracts';
import { FIRST_REQUESTS } from './firstRequests.ts';
import { getLangCode, getSession } from '../session/store.ts';

/**
 * A list's first page asked for as the app starts, before its screen is drawn. The request is the
 * one the page declares for a first visit (`api/firstRequests.ts`), else the one the list noted
 * under the screen's path the last time it opened there (`rememberFirstRequest`, localStorage: the
 * request only, no answer). index.html's first-screen script (build/firstScreenHints.ts) sends it
 * beside the code's download; if the entry starts first, it sends it itself (`askEarly`). The list's
 * first call takes that answer (`takeEarly`) instead of asking again after the first draw
 * (docs/performance.md, "First screen"): once, only for the very same request sent with the same
 * session token and language, on the screen it was sent for, within a minute. Anything else (another
 * account, a sign-out, a request the list no longer makes) is never taken; it only cost its round trip.
 */
const KEY = 'gh_first_requests';
const KEEP = 20;
/** An early answer is for the first draw; one older than this is not taken. */
const FRESH_MS = 60_000;

interface Early {
  request: string;
  token: string;
  lang: string;
  screen: string;
  at: number;
  answer: Promise<Response>;
  /** Its content once in and read (status 200), and when: the list's first draw takes it as is. */
  read?: { content: unknown; at: number };
}
let started: Early | undefined;

/** Keeps an early request, and reads its answer as it comes in (a copy: `takeEarly` hands the answer itself). */
function keep(e: Early): void {
  started = e;
  e.answer
    .then((r) => (r.ok ? (r.clone().json() as Promise<{ status?: number; content?: unknown }>) : undefined))
    .then(
      (env) => {
        if (env?.status === STATUS.ok) e.read = { content: env.content, at: Date.now() };
      },
      () => undefined,
    );
}

function remembered(): [string, string][] {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? (v as [string, string][]) : [];
  } catch {
    return [];
  }
}

/** The first-page request to send early at a screen: declared by its page, else noted by its list. */
export const firstRequestAt = (screen: string): string | undefined =>
  FIRST_REQUESTS[screen] ?? remembered().find(([s]) => s === screen)?.[1];

/** Notes a screen's first list request (the latest screens only). */
export function rememberFirstRequest(screen: string, request: string): void {
  if (FIRST_REQUESTS[screen] === request) return;
  const kept = remembered().filter(([s]) => s !== screen);
  localStorage.setItem(KEY, JSON.stringify([[screen, request], ...kept].slice(0, KEEP)));
}

/** What index.html's first-screen script (build/firstScreenHints.ts) sent before the entry ran. */
interface EarlyWindow {
  __ghStarted?: boolean;
  __ghEarly?: { request: string; token: string; lang: string; screen: string; answer: Promise<Response> };
}

/**
 * Sends the first list request of a screen, if any (the app starts there signed in), or takes the
 * one index.html's first-screen script sent for it already with the same session and language.
 */
export function askEarly(screen: string): void {
  const w = window as EarlyWindow;
  w.__ghStarted = true;
  const sent = w.__ghEarly;
  w.__ghEarly = undefined;
  const request = firstRequestAt(screen);
  const token = getSession()?.token;
  const lang = getLangCode();
  started = undefined;
  if (!request || !token) return;
  const at = performance.now();
  if (sent && sent.request === request && sent.token === token && sent.lang === lang && sent.screen === screen) {
    keep({ ...sent, at });
    return;
  }
  const url = `/api${request}${request.endsWith('?') ? '' : '&'}_t=${Date.now()}`;
  const answer = fetch(url, { headers: { 'x-lang': lang, token }, credentials: 'same-origin' });
  answer.catch(() => undefined); // taken or not, a failure is the list's to retry, not an unhandled error
  keep({ request, token, lang, screen, at, answer });
}

/**
 * The answer of a request sent early, once: only for the same request, with the headers it would
 * be sent with now (token and language), on the screen it was sent for, while fresh.
 */
export function takeEarly(request: string, headers: Record<string, string>): Promise<Response> | undefined {
  const e = started;
  const path = (r: string) => r.slice(0, r.indexOf('?'));
  if (!e || path(e.request) !== path(request)) return undefined;
  started = undefined; // the list's route asked: taken now or never
  if (e.request !== request) return undefined;
  const same = e.token === headers.token && e.lang === headers['x-lang'] && e.screen === window.location.pathname;
  return same && performance.now() - e.at < FRESH_MS ? e.answer : undefined;
}

/**
 * The content of an early answer that is in already, for a list's first draw (its rows drawn with the
 * shell, not in a second pass): once, by the same rules as `takeEarly`, and only a 200 answer.
 */
export function earlyContent(request: string, headers: Record<string, string>): { content: unknown; at: number } | undefined {
  const read = started?.read;
  if (!read || started?.request !== request) return undefined;
  return takeEarly(request, headers) ? read : undefined;
}
