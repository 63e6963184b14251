import type { Lang } from '../envelope.ts';

export type Translations = Record<Lang, string>;
export type Catalogue = Record<string, Translations>;

/** Declares a catalogue of messages: each key carries its three languages. */
export const defineMessages = <C extends Catalogue>(c: C): C => c;

/**
 * A message reference: a catalogue key with optional parameters, as one string, so
 * it can travel through zod issue messages. Parameter values starting with '@' are
 * catalogue keys themselves (translated before interpolation).
 */
export const msg = (key: string, params?: Record<string, string | number>): string => (params ? `${key}::${JSON.stringify(params)}` : key);

export function parseMsg(ref: string): { key: string; params?: Record<string, string | number> } {
  const i = ref.indexOf('::');
  if (i < 0) return { key: ref };
  try {
    return { key: ref.slice(0, i), params: JSON.parse(ref.slice(i + 2)) };
  } catch {
    return { key: ref.slice(0, i) };
  }
}

/** Renders a message reference in a language; unknown keys render as themselves. */
export function renderMsg(catalogue: Catalogue, ref: string, lang: Lang): string {
  const { key, params } = parseMsg(ref);
  const text = catalogue[key]?.[lang] ?? key;
  if (!params) return text;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) return '';
    const s = String(v);
    return s.startsWith('@') ? (catalogue[s.slice(1)]?.[lang] ?? s.slice(1)) : s;
  });
}
