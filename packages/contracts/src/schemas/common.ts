import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { msg } from '../messages/define.ts';
import { isLoosePhone, LOGIN_PASSWORD } from '../patterns.ts';

/** Form-encoded fields arrive as strings; an empty field counts as absent. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const req = (field: string) => msg('v.required', { field: `@${field}` });
export const invalid = (field: string) => msg('v.invalid', { field: `@${field}` });
const noNul = (v: string) => !v.includes('\u0000');

/**
 * The integer column types a form value may reach: a value outside its column's range
 * is refused here, never by the database. bigint stops at the largest safe JavaScript integer.
 */
export const INT_RANGE = {
  smallint: [-32_768, 32_767],
  int: [-2_147_483_648, 2_147_483_647],
  bigint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
} as const;
export type IntType = keyof typeof INT_RANGE;

/** Text fields without a column length of their own stop here (PostgreSQL never sees a 10 MB string). */
export const TEXT_MAX = 1000;

/** Most entries a list field (ids, JSON lists) may carry. */
export const LIST_MAX = 1000;

/** Text of a form field: trimmed, without NUL (PostgreSQL refuses it), at most max characters. */
const text = (field: string, max: number, error: (iss: { input: unknown }) => string) =>
  z
    .string({ error })
    .trim()
    .max(max, msg('v.maxLen', { field: `@${field}`, max }))
    .refine(noNul, invalid(field));

/** Required text, trimmed, at most max characters (TEXT_MAX unless the column is shorter). */
export function reqStr(field: string, max: number = TEXT_MAX) {
  return text(field, max, (iss) => (iss.input === undefined ? req(field) : invalid(field))).min(1, req(field));
}

/** Optional text (empty means absent), at most max characters. */
export function optStr(field: string, max: number = TEXT_MAX) {
  return z.preprocess(blankToUndefined, text(field, max, () => invalid(field)).optional());
}

/** A form value as a number: blank is absent; anything but one text (a list, an object) is not a number. */
const toNumber = (v: unknown) => {
  const b = blankToUndefined(v);
  if (b === undefined) return undefined;
  return typeof b === 'string' || typeof b === 'number' ? Number(b) : Number.NaN;
};

/** An integer that fits its column type. */
const intOf = (field: string, type: IntType, error: (iss: { input: unknown }) => string) =>
  z
    .number({ error })
    .int({ error: msg('v.number', { field: `@${field}` }), abort: true })
    .min(INT_RANGE[type][0], invalid(field))
    .max(INT_RANGE[type][1], invalid(field));

/** Required integer from a form field, bounded by its column type (int unless told). */
export function reqInt(field: string, choose = false, type: IntType = 'int') {
  const missing = choose ? msg('v.choose', { field: `@${field}` }) : req(field);
  return z.preprocess(
    toNumber,
    intOf(field, type, (iss) => (iss.input === undefined ? missing : msg('v.number', { field: `@${field}` }))),
  );
}

/** Optional integer from a form field, bounded by its column type (int unless told). */
export function optInt(field: string, type: IntType = 'int') {
  return z.preprocess(toNumber, intOf(field, type, () => msg('v.number', { field: `@${field}` })).optional());
}

/** Repeated or comma-separated positive ids (int columns), possibly none, at most LIST_MAX. */
export function intList(field = 'f.ids') {
  return z.preprocess(
    (v) =>
      (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : v === undefined || v === null ? [] : [v])
        .map((x) => String(x).trim())
        .filter((x) => x !== '')
        .map(Number),
    z
      .array(
        z
          .number({ error: invalid(field) })
          .int(invalid(field))
          .positive(invalid(field))
          .max(INT_RANGE.int[1], invalid(field)),
      )
      .max(LIST_MAX, msg('v.tooMany', { field: `@${field}`, max: LIST_MAX })),
  );
}

/** A list of ids: repeated fields or one comma-separated field. At least one. */
export const idList = (field = 'f.ids') => intList(field).refine((v) => v.length > 0, msg('v.choose', { field: `@${field}` }));

/**
 * A JSON list sent as one text field (agas, fas, lcls), or already a list: at most
 * LIST_MAX entries, each checked by item (whose helpers bound every value it holds).
 */
export function jsonList<T extends z.ZodType>(field: string, item: T, error: (iss: { input: unknown }) => string = () => invalid(field)) {
  return z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return undefined;
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    },
    z.array(item, { error }).max(LIST_MAX, msg('v.tooMany', { field: `@${field}`, max: LIST_MAX })),
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

/** An optional date filter (yyyy/MM/dd[ HH:mm[:ss]], hyphens accepted); the server also rejects impossible dates. */
export const dateFilter = (field: string) =>
  optStr(field, 19).refine((v) => v === undefined || DATE_TIME.test(v), msg('v.invalid', { field: `@${field}` }));

/** A from–to pair of date filters (as the lists' date range), each named by its message field. */
export const dateRangeFilter = <F extends string, T extends string>(from: F, to: T, fields: readonly [string, string]) =>
  ({ [from]: dateFilter(fields[0]), [to]: dateFilter(fields[1]) }) as Record<F | T, ReturnType<typeof dateFilter>>;

/** An optional integer out of a fixed set of codes. */
export const optCode = (field: string, allowed: readonly number[]) =>
  optInt(field).refine((v) => v === undefined || allowed.includes(v), msg('v.invalid', { field: `@${field}` }));

/** The validity and note of a card's or face's entry on a door unit. */
export const entryValidity = (area: 'card' | 'face') => ({
  validfrom: reqDate(`f.${area}.validfrom`),
  validto: reqDate(`f.${area}.validto`),
  info: optStr(`f.${area}.info`, LIMITS.entryInfo),
});

/** Refinement of an entry: its validity ends after it starts (the message on validto). */
export const validityInOrder: [(v: { validfrom: string; validto: string }) => boolean, { message: string; path: string[] }] = [
  (v) => datesInOrder(v.validfrom, v.validto),
  { message: msg('v.dateOrder'), path: ['validto'] },
];

/** A random id the browser gives an import so it can ask for the server's progress (a uuid). */
export const IMPORT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** An upload's optional import id: a malformed one means no progress is kept, never an error. */
export const optionalImportId = z.string().regex(IMPORT_ID).optional().catch(undefined);
