/** The response envelope of spec 000 §8. */
export interface Envelope<T = unknown> {
  status: number;
  msgs: string[];
  content: T;
}

/**
 * An envelope that carries no data: its status, message references (catalogue keys) and
 * the content sent with it, if any (an import's report). The server throws it to answer
 * (AppError), the web client when a call answered so (NoData).
 */
export class EnvelopeError extends Error {
  constructor(
    readonly status: number,
    readonly msgs: string[],
    readonly content: unknown = null,
  ) {
    super(msgs[0] ?? `status ${status}`);
  }
}

/** The answer of every batch delete: how many entries went (message: deleted / batch deleted). */
export interface Deleted {
  deleted: number;
}

export interface Page<T> {
  rows: T[];
  total: number;
  /** True when total is an estimate (very large lists). */
  estimated?: boolean;
}

export const STATUS = {
  ok: 200,
  notActivated: 203,
  noContent: 204,
  needPhoneVerify: 205,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooMany: 429,
  error: 500,
} as const;

export type Lang = 'zh-CN' | 'zh-TW' | 'en';
export const LANGS: readonly Lang[] = ['zh-CN', 'zh-TW', 'en'];
/** Spec language codes (setLanguage type) to locales. */
export const LANG_CODES = { china1: 'zh-CN', china2: 'zh-TW', english: 'en' } as const satisfies Record<string, Lang>;
export type LangCode = keyof typeof LANG_CODES;
export const langFromCode = (code: string | undefined): Lang => (code && code in LANG_CODES ? LANG_CODES[code as LangCode] : 'zh-CN');
export const codeFromLang = (lang: Lang): LangCode =>
  (Object.keys(LANG_CODES) as LangCode[]).find((k) => LANG_CODES[k] === lang) ?? 'china1';
