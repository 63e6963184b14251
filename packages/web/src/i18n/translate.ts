import { parseMsg } from '@gatehouse/contracts';

/** One language's texts, key → text. */
export type Texts = Record<string, string>;

/** A text with its `{{name}}` placeholders filled (a missing value fills ''); an unknown key shows as itself. */
export function fill(texts: Texts | undefined, key: string, params: Record<string, unknown> = {}): string {
  const s = texts?.[key] ?? key;
  return s.includes('{{') ? s.replace(/\{\{(.+?)\}\}/g, (_, name: string) => String(params[name.trim()] ?? '')) : s;
}

/** Translates a key or a message reference (key::params, '@key' params translated first). */
export function translate(texts: Texts | undefined, ref: string, params?: Record<string, unknown>): string {
  const parsed = parseMsg(ref);
  const all: Record<string, unknown> = { ...(parsed.params ?? {}), ...(params ?? {}) };
  for (const [k, v] of Object.entries(all)) if (typeof v === 'string' && v.startsWith('@')) all[k] = fill(texts, v.slice(1));
  return fill(texts, parsed.key, all);
}
