import { type Lang, MESSAGES, renderMsg } from '@gatehouse/contracts';

/** Renders a message reference in the given language. */
export const t = (lang: Lang, ref: string): string => renderMsg(MESSAGES, ref, lang);
