import { type LangCode, langFromCode, type SessionContent } from '@gatehouse/contracts';

/**
 * The session kept for the browser session (sessionStorage): token, user, role,
 * community and menus; and the chosen language.
 */
const KEY = 'gh_session';
const LANG_KEY = 'gh_lang';

type Listener = () => void;
const listeners = new Set<Listener>();

export function getSession(): SessionContent | null {
  const raw = sessionStorage.getItem(KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SessionContent;
  } catch {
    return null;
  }
}

export function setSession(s: SessionContent | null): void {
  if (s) sessionStorage.setItem(KEY, JSON.stringify(s));
  else sessionStorage.removeItem(KEY);
  for (const l of listeners) l();
}

export function patchSession(p: Partial<SessionContent>): void {
  const s = getSession();
  if (s) setSession({ ...s, ...p });
}

export const clearSession = (): void => setSession(null);

export function onSessionChange(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function getLangCode(): LangCode {
  const v = sessionStorage.getItem(LANG_KEY);
  return v === 'china2' || v === 'english' || v === 'china1' ? v : 'china1';
}

export function setLangCode(code: LangCode): void {
  sessionStorage.setItem(LANG_KEY, code);
}

export const currentLocale = () => langFromCode(getLangCode());
