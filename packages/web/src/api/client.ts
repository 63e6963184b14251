import { type Envelope, EnvelopeError, LIMITS, type RouteDef, type RouteInput, type RouteOutput, STATUS } from '@gatehouse/contracts';
import { navigateTo } from './navigate.ts';
import { tr } from '../i18n/index.ts';
import { clearSession, getLangCode, getSession } from '../session/store.ts';
import { takeEarly } from './early.ts';
import { requestKey, toParams } from './request.ts';
import { notifier } from './notify.ts';

/** Thrown when a call returns no data; the toast has already been shown. */
export class NoData extends EnvelopeError {}

/** The answer of a call, with its envelope status (203/205 pass content through). */
export interface Answered<T> {
  status: number;
  msgs: string[];
  content: T;
}

type Input = Record<string, unknown>;

export function headers(): Record<string, string> {
  const h: Record<string, string> = { 'x-lang': getLangCode() };
  const s = getSession();
  if (s?.token) h.token = s.token;
  return h;
}

export const apiUrl = (route: RouteDef, input: Input = {}): string => {
  const p = toParams({ ...input, _t: Date.now() });
  return `/api${route.path}?${p.toString()}`;
};

/**
 * Calls a route and applies the error catalogue of spec 000 §8: 200 passes the
 * answer; 203/205 toast and still pass it; 401 toasts and goes to /login; 403
 * toasts and goes to /403; anything else toasts the first message and returns no
 * data (throws NoData); a network failure or time-out toasts "network exception".
 */
export async function callFull<R extends RouteDef>(
  route: R,
  input: RouteInput<R> | Input = {},
  opts: { body?: FormData; silent?: boolean } = {},
): Promise<Answered<RouteOutput<R>>> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), LIMITS.requestTimeoutMs);
  let res: Response;
  try {
    const init: RequestInit = { method: route.method, headers: headers(), credentials: 'same-origin', signal: ctrl.signal };
    if (route.method === 'GET') {
      // an answer sent early for this very request and session (api/early.ts), else the request now:
      // an early request that failed or was refused is asked again
      const early = await takeEarly(requestKey(route, input as Input), init.headers as Record<string, string>)?.then(
        (r) => (r.ok ? r : undefined),
        () => undefined,
      );
      res = early ?? (await fetch(apiUrl(route, input as Input), init));
    } else if (opts.body) {
      res = await fetch(`/api${route.path}`, { ...init, body: opts.body });
    } else {
      res = await fetch(`/api${route.path}`, {
        ...init,
        headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' },
        body: toParams(input as Input),
      });
    }
  } catch {
    notifier().error(tr('err.network'));
    throw new NoData(0, [tr('err.network')]);
  } finally {
    clearTimeout(timer);
  }
  let env: Envelope<RouteOutput<R>>;
  try {
    env = (await res.json()) as Envelope<RouteOutput<R>>;
  } catch {
    notifier().error(tr('err.network'));
    throw new NoData(res.status, [tr('err.network')]);
  }
  const first = env.msgs?.[0];
  switch (env.status) {
    case STATUS.ok:
      return env;
    case STATUS.notActivated:
      if (!opts.silent) notifier().warning(tr('err.notActivated'));
      return env;
    case STATUS.needPhoneVerify:
      if (!opts.silent) notifier().warning(tr('err.needPhoneVerify'));
      return env;
    case STATUS.unauthorized:
      notifier().error(first ?? tr('err.unauthorized'));
      clearSession();
      navigateTo('/login');
      throw new NoData(env.status, env.msgs);
    case STATUS.forbidden:
      notifier().error(first ?? tr('err.forbidden'));
      navigateTo('/403');
      throw new NoData(env.status, env.msgs);
    default:
      if (!opts.silent && first) notifier().error(first);
      throw new NoData(env.status, env.msgs ?? [], env.content);
  }
}

/** Calls a route and answers its content (see callFull). */
export async function call<R extends RouteDef>(
  route: R,
  input: RouteInput<R> | Input = {},
  opts: { body?: FormData; silent?: boolean } = {},
): Promise<RouteOutput<R>> {
  return (await callFull(route, input, opts)).content;
}

/** Calls a mutation and toasts its success message (the server's first message). */
export async function mutate<R extends RouteDef>(
  route: R,
  input: RouteInput<R> | Input = {},
  opts: { body?: FormData } = {},
): Promise<RouteOutput<R>> {
  const a = await callFull(route, input, opts);
  if (a.msgs[0]) notifier().success(a.msgs[0]);
  return a.content;
}

/** How far a download has come: bytes received, and the rows of the file when the server counted them. */
export interface DownloadProgress {
  bytes: number;
  rows: number | null;
}

/**
 * Downloads a raw route (file export) with the session headers, reading the answer as
 * it comes (`onProgress` after each piece; `rows` from the x-export-rows header of list
 * exports). Aborting `signal` cancels the request, and the server stops its export.
 * Answers whether the file was saved ('saved'), refused or failed ('failed', toasted),
 * or cancelled ('cancelled').
 */
export async function download(
  route: RouteDef,
  input: Input,
  fallbackName: string,
  opts: { signal?: AbortSignal; onProgress?: (p: DownloadProgress) => void } = {},
): Promise<'saved' | 'failed' | 'cancelled'> {
  const parts: Uint8Array[] = [];
  let res: Response;
  try {
    res = await fetch(apiUrl(route, input), { headers: headers(), signal: opts.signal });
    const type = res.headers.get('content-type') ?? '';
    if (type.includes('application/json')) {
      const env = (await res.json()) as Envelope;
      notifier().error(env.msgs?.[0] ?? tr('err.internal'));
      if (env.status === 401) navigateTo('/login');
      return 'failed';
    }
    const counted = res.headers.get('x-export-rows');
    const progress: DownloadProgress = { bytes: 0, rows: counted === null ? null : Number(counted) };
    opts.onProgress?.({ ...progress });
    const reader = res.body?.getReader();
    for (;;) {
      if (!reader) break;
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      progress.bytes += value.length;
      opts.onProgress?.({ ...progress });
    }
    if (!reader) parts.push(new Uint8Array(await res.arrayBuffer()));
  } catch {
    if (opts.signal?.aborted) return 'cancelled';
    notifier().error(tr('err.network'));
    return 'failed';
  }
  const blob = new Blob(parts as BlobPart[], { type: res.headers.get('content-type') ?? undefined });
  const cd = res.headers.get('content-disposition') ?? '';
  const m = /filename\*=UTF-8''([^;]+)/.exec(cd);
  const name = m?.[1] ? decodeURIComponent(m[1]) : fallbackName;
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  return 'saved';
}

/** A feature's mutation of one route (for its api.ts): the input as the route takes it, the success toast shown. */
export const mutation =
  <R extends RouteDef>(route: R) =>
  (input: RouteInput<R> | Input = {}): Promise<RouteOutput<R>> =>
    mutate(route, input);

/** A feature's upload to one multipart route (for its api.ts), the success toast shown. */
export const upload =
  <R extends RouteDef>(route: R) =>
  (body: FormData): Promise<RouteOutput<R>> =>
    mutate(route, {}, { body });
