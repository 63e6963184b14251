import { z } from 'zod';
import { msg } from '../messages/define.ts';
import { EVENT_RETENTION_MODES, RETENTION_LIMITS } from '../retention.ts';
import { optInt, optStr, reqInt, withT } from './common.ts';

/**
 * A person's data export and the per-community retention (issue 35 items 2 and 4).
 * A person is an account (phone) or, for people without an account, a household address: exactly one.
 */
const subjectFields = {
  account: optStr('f.review.account', 20),
  addressId: optInt('f.review.household'),
};

export const personInput = z
  .object({ ...withT, ...subjectFields })
  .refine((v) => (v.account === undefined) !== (v.addressId === undefined), {
    message: msg('review.subjectRequired'),
    path: ['account'],
  });

export const retentionCommunityInput = z.object({ ...withT, communityId: reqInt('f.community', true) });

/** A whole number of `field` within [min, max] (retention's days and months). */
const bounded = (field: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
    z
      .number({
        error: (iss) => (iss.input === undefined ? msg('v.required', { field: `@${field}` }) : msg('v.number', { field: `@${field}` })),
      })
      .int(msg('v.number', { field: `@${field}` }))
      .min(min, msg('datareq.range', { field: `@${field}`, min, max }))
      .max(max, msg('datareq.range', { field: `@${field}`, min, max })),
  );

export const retentionInput = z.object({
  communityId: reqInt('f.community', true),
  faceDays: bounded('f.datareq.faceDays', ...RETENTION_LIMITS.faceDays),
  eventMonths: bounded('f.datareq.eventMonths', ...RETENTION_LIMITS.eventMonths),
  eventMode: z.enum(EVENT_RETENTION_MODES, { error: msg('v.invalid', { field: '@f.datareq.eventMode' }) }),
  visitorDays: bounded('f.datareq.visitorDays', ...RETENTION_LIMITS.visitorDays),
});
