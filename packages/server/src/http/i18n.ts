import { type Lang, MESSAGES, parseMsg, renderMsg } from '@gatehouse/contracts';

/** Renders a message reference in the given language. */
export const t = (lang: Lang, ref: string): string => renderMsg(MESSAGES, ref, lang);

/**
 * The messages of a failed input check, each a catalogue reference: a check without a message of
 * ours (zod's own English, e.g. "Invalid input: expected string, received object" for `a[b]=1`)
 * becomes "Invalid request" in the caller's language.
 */
export function inputMessages(messages: string[]): string[] {
  const refs = messages.map((m) => (MESSAGES[parseMsg(m).key] ? m : 'err.badRequest'));
  return [...new Set(refs)];
}
