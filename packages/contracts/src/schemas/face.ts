import { z } from 'zod';
import { HOLDER_STATUSES } from '../access.ts';
import { msg } from '../messages/define.ts';
import { MAINLAND_PHONE } from '../patterns.ts';
import { consentFields, guardianNamed } from './privacy.ts';
import { entryValidity, jsonList, optDate, optStr, paging, reqInt, reqStr, validityInOrder, withT } from './common.ts';

/** Faces (001 §2 "Face management", "Door unit face list", §5 face rules). */

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const status = z.preprocess(
  blank,
  z.enum(HOLDER_STATUSES, {
    error: (iss) =>
      iss.input === undefined ? msg('v.choose', { field: '@f.face.status' }) : msg('v.invalid', { field: '@f.face.status' }),
  }),
);
const optStatus = z.preprocess(blank, z.enum(HOLDER_STATUSES, { error: msg('v.invalid', { field: '@f.face.status' }) }).optional());

/** The account of a face: a mainland mobile number (the mobile-phone validator). */
export const faceAccount = reqStr('f.account', 20).refine((v) => v === '' || MAINLAND_PHONE.test(v), msg('v.phone'));
const userName = optStr('f.name', 50);
/** A photo as base64 (a `data:image/jpeg;base64,` prefix is allowed); checked by content on the server. */
const photo = z.preprocess(blank, z.string().optional());

export const facesPageInput = z.object({
  ...withT,
  ...paging(['username', 'account', 'communityname', 'address', 'status']),
  address: optStr('f.address', 200),
  account: optStr('f.account', 20),
  status: optStatus,
});

export const faceIdInput = z.object({ ...withT, id: reqInt('f.id') });

export const createFaceInput = z
  .object({
    communityId: reqInt('f.community', true),
    addressId: reqInt('f.face.household', true),
    account: faceAccount,
    username: userName,
    status: optStatus,
    /** Adding a face without a photo is refused (001 §5). */
    imgBase64: z.preprocess(blank, z.string({ error: msg('face.photoMissing') })),
    /** Consent (issue 35 item 1): who gave it and how; a card given here when the person holds none. */
    ...consentFields,
  })
  .refine(...guardianNamed);

export const updateFaceInput = z.object({
  id: reqInt('f.id'),
  addressId: reqInt('f.face.household', true),
  account: faceAccount,
  status,
  username: userName,
  /** 1: imgBase64 is a new photo that replaces the stored one; 0 (default): keep the photo. */
  imgChg: z.preprocess(
    (v) => blank(v) ?? 0,
    z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)], { error: msg('v.invalid', { field: '@f.face.photo' }) })),
  ),
  imgBase64: photo,
});

export const checkFaceInput = z.object({
  imgBase64: photo,
  /** 'photo' (webcam capture) or 'upload'; both are checked the same way. */
  source: z.preprocess((v) => blank(v) ?? 'photo', z.enum(['photo', 'upload'], { error: msg('v.invalid', { field: '@f.face.source' }) })),
});

export const faceDownloadInfoInput = z.object({ ...withT, id: reqInt('f.id'), communityname: optStr('f.community', 200) });

/** One entry of the door-unit list sent by the download dialog. */
export const faceGateEntryInput = z.object({ gateID: reqInt('f.face.gate', true), ...entryValidity('face') }).refine(...validityInOrder);

/** fas: the whole configured list as JSON text (or an array); an empty list removes every entry. */
export const updateFaceAddressInfoInput = z.object({
  id: reqInt('f.id'),
  fas: jsonList('f.face.gate', faceGateEntryInput, (iss) =>
    iss.input === undefined ? msg('v.choose', { field: '@f.face.gate' }) : msg('v.invalid', { field: '@f.face.gate' }),
  ),
});

export const faceAddressPageInput = z.object({
  ...withT,
  ...paging(['account', 'address', 'status', 'validfrom', 'validto']),
  /** The door unit. */
  addressId: reqInt('f.face.gate', true),
  account: optStr('f.account', 20),
  address: optStr('f.address', 200),
  status: optStatus,
  /** Entries valid from this date on (validfrom >= it). */
  validfrom: optDate('f.face.validfrom'),
  /** Entries valid until this date at most (validto <= it; a date alone means its end). */
  validto: optDate('f.face.validto'),
});

export const updateFaceAddressInput = z.object({ id: reqInt('f.id'), ...entryValidity('face') }).refine(...validityInOrder);

export const faceGateIdInput = z.object({ id: reqInt('f.id') });
