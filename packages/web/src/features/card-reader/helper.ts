import {
  CARD_READER,
  type CardReaderCall,
  type CardReaderState,
  cardReaderDefaultUrl,
  type Envelope,
  type Lang,
} from '@gatehouse/contracts';

/** How long one call to the local helper may take before it counts as not running. */
const CALL_TIMEOUT_MS = 4_000;

/** The helper's address: the default, or the one saved in this browser (help dialog). */
export function helperUrl(): string {
  try {
    const saved = localStorage.getItem(CARD_READER.urlStorageKey)?.trim();
    if (saved) return saved.replace(/\/+$/, '');
  } catch {
    // storage blocked: use the default
  }
  return cardReaderDefaultUrl();
}

export function saveHelperUrl(url: string): void {
  const v = url.trim().replace(/\/+$/, '');
  if (!v || v === cardReaderDefaultUrl()) localStorage.removeItem(CARD_READER.urlStorageKey);
  else localStorage.setItem(CARD_READER.urlStorageKey, v);
}

/** The helper is not reachable (not started, wrong address, blocked). */
export class HelperDown extends Error {}

/** The helper answered with an error envelope; the message is already in the caller's language. */
export class HelperRefused extends Error {}

/** Calls the helper: GET <url>/<call>?…; answers the content or throws HelperDown / HelperRefused. */
export async function helperCall<T>(call: CardReaderCall, lang: Lang, params: Record<string, string | number> = {}): Promise<T> {
  const q = new URLSearchParams({ lang, ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) });
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), CALL_TIMEOUT_MS);
  let env: Envelope<T>;
  try {
    const res = await fetch(`${helperUrl()}/${call}?${q.toString()}`, { signal: ctrl.signal, cache: 'no-store' });
    env = (await res.json()) as Envelope<T>;
  } catch {
    throw new HelperDown(call);
  } finally {
    clearTimeout(timer);
  }
  if (env.status !== 200) throw new HelperRefused(env.msgs?.[0] ?? `status ${env.status}`);
  return env.content;
}

export type { CardReaderState };
