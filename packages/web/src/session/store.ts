import { type LangCode, langFromCode, type SessionContent } from '@gatehouse/contracts';

/**
 * The session, shared by the browser's tabs (localStorage): token, user, role, community and
 * menus; and the chosen language. A sign-in or sign-out in one tab reaches the others at once
 * (the storage event), so a new tab needs no new sign-in and a signed-out tab leaves its page.
 */
const KEY = 'gh_session';
const LANG_KEY = 'gh_lang';

type Listener = () => void;
const listeners = new Set<Listener>();

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === KEY || e.key === null) for (const l of listeners) l();
  });
}

export function getSession(): SessionContent | null {
  const raw = localStorage.getItem(KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SessionContent;
  } catch {
    return null;
  }
}

export function setSession(s: SessionContent | null): void {
  if (s) localStorage.setItem(KEY, JSON.stringify(s));
  else localStorage.removeItem(KEY);
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
  const v = localStorage.getItem(LANG_KEY);
  return v === 'china2' || v === 'english' || v === 'china1' ? v : 'china1';
}

export function setLangCode(code: LangCode): void {
  localStorage.setItem(LANG_KEY, code);
}

export const currentLocale = () => langFromCode(getLangCode());
