import { z } from 'zod';
import { SERIAL_PATTERN } from '../devices.ts';
import { ADDRESS_TYPES, HARDWARE } from '../codes.ts';
import { LIMITS } from '../limits.ts';
import { msg } from '../messages/define.ts';
import { idList, optInt, optStr, paging, reqInt, reqStr, withT } from './common.ts';

/** The call code of a single-family (villa) door unit: fixed and read-only (000 §4). */
export const VILLA_CALL_CODE = '000';

const oneOf = (field: string, values: readonly number[]) =>
  reqInt(field, true).refine((v) => values.includes(v), msg('v.invalid', { field: `@${field}` }));
const optOneOf = (field: string, values: readonly number[]) =>
  optInt(field).refine((v) => v === undefined || values.includes(v), msg('v.invalid', { field: `@${field}` }));

/** Hardware checkboxes: each flag is 0 or its bit value (face 1, QR 2, card 4, password 8). */
export const hardwareFields = {
  faceSupported: optOneOf('f.addr.face', [0, HARDWARE.face]),
  qrcodeSupported: optOneOf('f.addr.qrcode', [0, HARDWARE.qrcode]),
  cardSupported: optOneOf('f.addr.card', [0, HARDWARE.card]),
  pwdSupported: optOneOf('f.addr.password', [0, HARDWARE.password]),
};

export const hardwareOf = (v: {
  faceSupported?: number;
  qrcodeSupported?: number;
  cardSupported?: number;
  pwdSupported?: number;
}): number => (v.faceSupported ?? 0) | (v.qrcodeSupported ?? 0) | (v.cardSupported ?? 0) | (v.pwdSupported ?? 0);

export const addressPageInput = z.object({
  ...withT,
  communityID: reqInt('f.community', true),
  name: optStr('f.addr.name', 200),
  type: optOneOf('f.addr.type', ADDRESS_TYPES),
  address: optStr('f.addr.address', 200),
  isvilla: optOneOf('f.addr.isVilla', [0, 1]),
  ...paging(['address', 'name', 'type', 'isVilla', 'devstate', 'regNo']),
});

/** The fields of the add and edit dialogs (and of an imported row). */
export const addressFields = {
  address: reqStr('f.addr.address', LIMITS.address),
  name: reqStr('f.addr.name', LIMITS.shortName),
  isVilla: oneOf('f.addr.isVilla', [0, 1]),
  ...hardwareFields,
};

/** Type is chosen when adding only (000 §5). */
export const createAddressInput = z.object({
  communityID: reqInt('f.community', true),
  type: oneOf('f.addr.type', ADDRESS_TYPES),
  ...addressFields,
});
export const updateAddrInput = z.object({ addressid: reqInt('f.id'), ...addressFields });
export const addressIdsInput = z.object({ ids: idList() });
export const addressByIdInput = z.object({ ...withT, id: reqInt('f.id') });
export const addressIdParamInput = z.object({ ...withT, addressId: reqInt('f.id') });
export const addressesOfCommunityInput = z.object({
  ...withT,
  communityId: reqInt('f.community', true),
  address: optStr('f.addr.address', 200),
  type: optOneOf('f.addr.type', ADDRESS_TYPES),
});
export const calledAddrsInput = z.object({ ...withT, communityId: reqInt('f.community', true), calledCode: optStr('f.amt.called', 200) });

/** Device activation (000 §5): the serial number is required, at most 50. */
export const activeDeviceInput = z.object({
  addressid: reqInt('f.id'),
  communityID: optInt('f.community'),
  address: optStr('f.addr.address', LIMITS.address),
  regNo: reqStr('f.addr.serial', LIMITS.serialNumber).refine((v) => SERIAL_PATTERN.test(v), msg('v.invalid', { field: '@f.addr.serial' })),
});

/** Import: a community must be chosen first (000 §5 "Other"). */
export const addressImportInput = z.object({ communityID: reqInt('f.community', true) });
export const amtImportInput = z.object({ communityID: reqInt('f.community', true), addressId: optInt('f.amt.caller') });

// ---- call codes (000 §5 "Call code") ----

/** Required, at most 20, not empty and not "00". */
export const callCodeField = reqStr('f.amt.code', LIMITS.callCode).refine((v) => v !== '00', msg('amt.code00'));

export const amtPageInput = z.object({ ...withT, addressId: reqInt('f.amt.caller', true), ...paging(['code', 'address']) });
export const amtIdInput = z.object({ ...withT, amtId: reqInt('f.id') });
export const createAmtInput = z.object({
  callerAddressID: reqInt('f.amt.caller', true),
  calledAddressID: reqInt('f.amt.called', true),
  code: callCodeField,
});
export const updateAmtInput = z.object({ amtid: reqInt('f.id'), calledAddressID: reqInt('f.amt.called', true), code: callCodeField });
export const amtIdsInput = z.object({ ids: idList() });
