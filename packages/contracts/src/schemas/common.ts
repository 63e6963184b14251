import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { msg } from '../messages/define.ts';
import { isLoosePhone, LOGIN_PASSWORD } from '../patterns.ts';

/** Form-encoded fields arrive as strings; an empty field counts as absent. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const req = (field: string) => msg('v.required', { field: `@${field}` });

/** Required text, trimmed, with an optional maximum length. */
export function reqStr(field: string, max?: number) {
  const base = z
    .string({ error: req(field) })
    .trim()
    .min(1, req(field));
  return max ? base.max(max, msg('v.maxLen', { field: `@${field}`, max })) : base;
}

/** Optional text (empty means absent), with an optional maximum length. */
export function optStr(field: string, max?: number) {
  const base = z.string().trim();
  return z.preprocess(blankToUndefined, (max ? base.max(max, msg('v.maxLen', { field: `@${field}`, max })) : base).optional());
}

/** Required integer from a form field. */
export function reqInt(field: string, choose = false) {
  const missing = choose ? msg('v.choose', { field: `@${field}` }) : req(field);
  return z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      return b === undefined ? undefined : Number(b);
    },
    z
      .number({ error: (iss) => (iss.input === undefined ? missing : msg('v.number', { field: `@${field}` })) })
      .int(msg('v.number', { field: `@${field}` })),
  );
}

/** Optional integer from a form field. */
export function optInt(field: string) {
  return z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      return b === undefined ? undefined : Number(b);
    },
    z
      .number({ error: msg('v.number', { field: `@${field}` }) })
      .int(msg('v.number', { field: `@${field}` }))
      .optional(),
  );
}

/** A list of ids: repeated fields or one comma-separated field. At least one. */
export function idList(field = 'f.ids') {
  return z.preprocess(
    (v) => {
      const parts = (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : v === undefined ? [] : [v])
        .map((x) => String(x).trim())
        .filter((x) => x !== '');
      return parts.map(Number);
    },
    z
      .array(
        z
          .number()
          .int(msg('v.invalid', { field: `@${field}` }))
          .positive(msg('v.invalid', { field: `@${field}` })),
      )
      .min(1, msg('v.choose', { field: `@${field}` })),
  );
}

/** A mainland (or 10-digit) phone number, as the basic-info rule of 000 §5. */
export const phoneField = (field = 'f.phone') => reqStr(field).refine((v) => isLoosePhone(v), msg('v.phone'));

/** A new sign-in password: starts with a letter, 6 to 10 of letters, digits, - or _. */
export const newPasswordField = (field = 'f.newPassword', max: number = LIMITS.changePassword) =>
  reqStr(field, max).refine((v) => LOGIN_PASSWORD.test(v), msg('v.passwordPattern'));

/** Paging of every list: 0-based page, rows capped, server-side sort. */
export function paging<const S extends string>(sortable: readonly [S, ...S[]], defaultRows: number = LIMITS.defaultPageSize) {
  return {
    page: z.preprocess(
      (v) => blankToUndefined(v) ?? 0,
      z.coerce
        .number()
        .int()
        .min(0, msg('v.invalid', { field: '@f.page' })),
    ),
    rows: z.preprocess(
      (v) => blankToUndefined(v) ?? defaultRows,
      z.coerce
        .number()
        .int()
        .min(1, msg('v.invalid', { field: '@f.rows' }))
        .max(LIMITS.maxPageSize, msg('v.invalid', { field: '@f.rows' })),
    ),
    sort: z.preprocess(blankToUndefined, z.enum(sortable, { error: msg('v.invalid', { field: '@f.sort' }) }).optional()),
    order: z.preprocess(blankToUndefined, z.enum(['asc', 'desc'], { error: msg('v.invalid', { field: '@f.order' }) }).optional()),
  };
}

/** GET calls carry _t, which the server ignores. */
export const withT = { _t: z.any().optional() };

export const empty = z.object(withT);

/** Dates travel as yyyy/MM/dd HH:mm:ss (the visitor page: yyyy-MM-dd HH:mm:ss); time optional. */
export const DATE_TIME = /^\d{4}[/-]\d{2}[/-]\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

/** A real calendar date (and time) written yyyy/MM/dd[ HH:mm[:ss]] (or with hyphens). */
export function isDateText(v: string): boolean {
  if (!DATE_TIME.test(v)) return false;
  const [y, mo, d] = v.slice(0, 10).split(/[/-]/).map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d));
  const [h = 0, mi = 0, s = 0] = v.length > 10 ? v.slice(11).split(':').map(Number) : [];
  return at.getUTCMonth() === mo - 1 && at.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
}

/** Comparable form of a date text (separators unified, time padded). */
export const dateKey = (v: string): string => `${v.replace(/\//g, '-')}${v.length === 10 ? ' 00:00:00' : v.length === 16 ? ':00' : ''}`;

/** Whether two date texts are in order (true when either is not a date: that field has its own message). */
export const datesInOrder = (from: string | undefined, to: string | undefined): boolean =>
  !isDateText(from ?? '') || !isDateText(to ?? '') || dateKey(from as string) < dateKey(to as string);

/** A required date text (yyyy/MM/dd[ HH:mm[:ss]]). */
export const reqDate = (field: string) => reqStr(field, 19).refine((v) => isDateText(v), msg('v.invalid', { field: `@${field}` }));
/** An optional date text. */
export const optDate = (field: string) =>
  optStr(field, 19).refine((v) => v === undefined || isDateText(v), msg('v.invalid', { field: `@${field}` }));
