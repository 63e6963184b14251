import type { Lang } from '@gatehouse/contracts';
import type { Locale } from 'antd/es/locale';
import { useSyncExternalStore } from 'react';
import { currentLocale } from '../session/store.ts';
import { type Texts, translate } from './translate.ts';

/**
 * The texts of one language (server messages and UI texts), built from i18n/catalogues.ts by
 * build/catalogues.ts: the browser loads the language in use, and another one when the user
 * switches to it.
 */
const LOADERS: Record<Lang, () => Promise<{ default: Texts; antdLocale: Locale }>> = {
  'zh-CN': () => import('virtual:gatehouse-catalogue/zh-CN'),
  'zh-TW': () => import('virtual:gatehouse-catalogue/zh-TW'),
  en: () => import('virtual:gatehouse-catalogue/en'),
};

const texts: Partial<Record<Lang, Texts>> = {};
const antdLocales: Partial<Record<Lang, Locale>> = {};
let language: Lang = currentLocale();
const listeners = new Set<(lang: Lang) => void>();

/** Loads a language's texts once (the first screen waits for the current one). */
export async function loadLanguage(lang: Lang): Promise<void> {
  if (texts[lang]) return;
  const loaded = await LOADERS[lang]();
  antdLocales[lang] = loaded.antdLocale;
  texts[lang] = loaded.default;
}

/** antd's texts of a loaded language (its pagination, date picker, empty list). */
export const antdLocaleOf = (lang: Lang): Locale | undefined => antdLocales[lang];

/** Translates a key or a message reference (key::params, '@key' params translated first) in the language in use. */
export const tr = (ref: string, params?: Record<string, unknown>): string => translate(texts[language], ref, params);

/** The language in use, and a subscription to its changes. */
export const currentLanguage = (): Lang => language;
export function onLanguageChange(listener: (lang: Lang) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The hook pages use: `const { t, lang } = useT()` (the component draws again when the language changes). */
export function useT() {
  const lang = useSyncExternalStore(onLanguageChange, currentLanguage);
  return { t: tr, lang };
}

/** Switches the language, loading its texts first. */
export async function changeLocale(lang: Lang): Promise<void> {
  await loadLanguage(lang);
  if (lang === language) return;
  language = lang;
  for (const l of listeners) l(lang);
}
