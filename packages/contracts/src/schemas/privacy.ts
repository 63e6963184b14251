import { z } from 'zod';
import { CARD_MODE_NAMES } from '../access.ts';
import { LIMITS } from '../limits.ts';
import { msg } from '../messages/define.ts';
import { CONSENT_GIVERS, CONSENT_METHODS } from '../privacy.ts';
import { optInt, optStr, paging, reqInt, reqStr, withT } from './common.ts';

/** Personal data (issue 35 items 1 and 3): consent with a face, the purpose template, erasure receipts. */

const choice = <T extends string>(field: string, values: readonly T[], missing: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.trim() : v),
    z.enum(values as [T, ...T[]], {
      error: (iss) => (iss.input === undefined ? msg(missing) : msg('v.invalid', { field: `@${field}` })),
    }),
  );

/**
 * The consent fields of the add-face dialog: who gave it (the person or a guardian, then with the
 * guardian's name) and how. The purpose text is the community's template in the caller's language,
 * stored with the record; the staff member is the caller. Missing: "consent must be recorded".
 */
export const consentFields = {
  consentGiver: choice('f.privacy.giver', CONSENT_GIVERS, 'privacy.consentRequired'),
  guardianName: optStr('f.privacy.guardianName', 50),
  consentMethod: choice('f.privacy.method', CONSENT_METHODS, 'privacy.consentRequired'),
  /** A card given in the same dialog (the person's other way in): its number; mode ic unless told. */
  cardid: optStr('f.privacy.cardid', LIMITS.cardNo),
  cardmode: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(CARD_MODE_NAMES, { error: msg('v.invalid', { field: '@f.card.mode' }) }).optional(),
  ),
};

/** A guardian's consent names the guardian. */
export const guardianNamed: [(v: { consentGiver?: string; guardianName?: string }) => boolean, { message: string; path: string[] }] = [
  (v) => v.consentGiver !== 'guardian' || !!v.guardianName,
  { message: msg('privacy.guardianNameMissing'), path: ['guardianName'] },
];

export const consentTemplateInput = z.object({ ...withT, communityId: reqInt('f.community', true) });

const purpose = (field: string) => reqStr(field, 2000);
export const saveConsentTemplateInput = z.object({
  communityId: reqInt('f.community', true),
  zhCN: purpose('f.privacy.purpose'),
  zhTW: purpose('f.privacy.purpose'),
  en: purpose('f.privacy.purpose'),
});

/** The scanned form of a consent record (multipart: one file). */
export const consentFormInput = z.object({ consentId: reqInt('f.privacy.consentId') });

export const faceConsentIdInput = z.object({ ...withT, faceId: reqInt('f.id') });

export const erasuresPageInput = z.object({
  ...withT,
  ...paging(['id']),
  account: optStr('f.account', 20),
  communityId: optInt('f.community'),
});

export const erasureIdInput = z.object({ id: reqInt('f.privacy.erasureId') });
