import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { msg } from '../messages/define.ts';
import { optStr, paging, reqInt, reqStr, withT } from './common.ts';

const DATE = /^\d{4}[/-]\d{2}[/-]\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;
/** A real calendar date (and time) in the form 2026-12-01 08:00[:00]. */
function isDate(v: string): boolean {
  const m = DATE.exec(v);
  if (!m) return false;
  const [y, mo, d] = v.slice(0, 10).split(/[/-]/).map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d));
  const [h, mi, s] = v.length > 10 ? v.slice(11).split(':').map(Number) : [0, 0, 0];
  return at.getUTCMonth() === mo - 1 && at.getUTCDate() === d && (h ?? 0) < 24 && (mi ?? 0) < 60 && (s ?? 0) < 60;
}
const dateField = (field: string) => reqStr(field, 19).refine((v) => v === '' || isDate(v), msg('v.invalid', { field: `@${field}` }));
/** Comparable form of a date text (separators unified, time padded). */
const sortable = (v: string) => `${v.replace(/\//g, '-')}${v.length === 10 ? ' 00:00:00' : v.length === 16 ? ':00' : ''}`;

export const noticesPageInput = z.object({
  ...withT,
  ...paging(['createDate', 'title', 'validfrom', 'validto']),
  title: optStr('f.title', 200),
});

export const noticeIdInput = z.object({ ...withT, id: reqInt('f.id') });

/** The text fields of uploadNoticeFiles (the files come as multipart parts). */
export const uploadNoticeInput = z
  .object({
    title: reqStr('f.title', 100),
    content: reqStr('f.notice.content', LIMITS.noticeContent),
    communityId: reqInt('f.community', true),
    validfrom: dateField('f.notice.validfrom'),
    validto: dateField('f.notice.validto'),
  })
  .refine((v) => !isDate(v.validfrom ?? '') || !isDate(v.validto ?? '') || sortable(v.validfrom) < sortable(v.validto), {
    message: msg('v.dateOrder'),
    path: ['validto'],
  });
