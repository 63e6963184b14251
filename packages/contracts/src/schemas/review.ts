import { z } from 'zod';
import { UNUSED_KINDS } from '../codes.ts';
import { msg } from '../messages/define.ts';
import { intList, optInt, optStr, paging, reqInt, withT } from './common.ts';

/**
 * Access review, move-out and expiry of unused credentials (issue 13 items 5–7).
 * A subject is an account (phone / registration number) or a household address: exactly one.
 */
const subjectFields = {
  account: optStr('f.review.account', 20),
  addressId: optInt('f.review.household'),
};
const oneSubject: [(v: { account?: string; addressId?: number }) => boolean, { message: string; path: string[] }] = [
  (v) => (v.account === undefined) !== (v.addressId === undefined),
  { message: msg('review.subjectRequired'), path: ['account'] },
];

export const reviewInput = z.object({ ...withT, ...subjectFields }).refine(...oneSubject);

export const moveOutInput = z
  .object({
    ...subjectFields,
    reason: optStr('f.review.reason', 200),
  })
  .refine(...oneSubject);

export const moveOutIdInput = z.object({ ...withT, id: reqInt('f.id') });

/** Days without use: 1 to 3650. */
const days = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
  z
    .number({
      error: (iss) =>
        iss.input === undefined ? msg('v.required', { field: '@f.review.days' }) : msg('v.number', { field: '@f.review.days' }),
    })
    .int(msg('v.number', { field: '@f.review.days' }))
    .min(1, msg('review.daysRange'))
    .max(3650, msg('review.daysRange')),
);

const kind = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.enum(UNUSED_KINDS, { error: msg('v.invalid', { field: '@f.review.kind' }) }).optional(),
);

export const unusedPageInput = z.object({
  ...withT,
  ...paging(['lastUsed', 'account', 'address']),
  days,
  kind,
  communityId: optInt('f.community'),
  account: optStr('f.review.account', 20),
  address: optStr('f.address', 200),
});

export const EXPIRE_ACTIONS = ['disable', 'delete'] as const;
export type ExpireAction = (typeof EXPIRE_ACTIONS)[number];

/** The selected unused credentials: card ids and face ids (at least one of both lists). */
export const expireUnusedInput = z
  .object({
    cards: intList('f.review.cards'),
    faces: intList('f.review.faces'),
    action: z.enum(EXPIRE_ACTIONS, { error: msg('v.choose', { field: '@f.review.action' }) }),
  })
  .refine((v) => v.cards.length + v.faces.length > 0, { message: msg('v.choose', { field: '@f.review.selection' }), path: ['cards'] });
