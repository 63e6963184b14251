import { z } from 'zod';
import { CMD_STATUSES, CMD_TYPES, HARDWARE } from '../codes.ts';
import { isAddressedKind, SERIAL_PATTERN, UNIT_KINDS } from '../devices.ts';
import { LIMITS } from '../limits.ts';
import { msg } from '../messages/define.ts';
import { DEVICE_LIST_PHONE, isUnitHost } from '../patterns.ts';
import { DATE_TIME, idList, intList, optInt, optStr, paging, reqInt, reqStr, withT } from './common.ts';

const serial = (field: string, max: number) =>
  reqStr(field, max).refine((v) => SERIAL_PATTERN.test(v), msg('v.invalid', { field: `@${field}` }));

const oneOf = (field: string, values: readonly number[]) =>
  reqInt(field, true).refine((v) => values.includes(v), msg('v.invalid', { field: `@${field}` }));
const optOneOf = (field: string, values: readonly number[]) =>
  optInt(field).refine((v) => v === undefined || values.includes(v), msg('v.invalid', { field: `@${field}` }));

const dateTime = (field: string) => reqStr(field).refine((v) => DATE_TIME.test(v), msg('v.invalid', { field: `@${field}` }));

/** Hardware checkboxes: each flag is 0 or its bit value (face 1, QR 2, card 4, password 8). */
const hardwareFlags = {
  faceSupported: optOneOf('f.dev.face', [0, HARDWARE.face]),
  qrcodeSupported: optOneOf('f.dev.qrcode', [0, HARDWARE.qrcode]),
  cardSupported: optOneOf('f.dev.card', [0, HARDWARE.card]),
  pwdSupported: optOneOf('f.dev.password', [0, HARDWARE.password]),
};

/** A unit kind filter (UNIT_KINDS; blank: every kind). */
const optKind = (field: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(UNIT_KINDS, { error: msg('v.invalid', { field: `@${field}` }) }).optional(),
  );

// ---- device pool (001 §2 "Device pool", §5) ----

export const poolPageInput = z.object({
  ...withT,
  name: optStr('f.dev.name', 200),
  isVilla: optOneOf('f.dev.isVilla', [0, 1]),
  /** Sum of the ticked hardware bits: rows must support all of them. */
  hardware: optInt('f.dev.hardware').refine((v) => v === undefined || (v >= 0 && v <= 15), msg('v.invalid', { field: '@f.dev.hardware' })),
  unitKind: optKind('f.dev.kind'),
  ...paging(['name', 'regNo', 'isVilla', 'hardware']),
});

const poolFields = {
  name: reqStr('f.dev.name', LIMITS.communityName),
  isVilla: oneOf('f.dev.isVilla', [0, 1]),
  note: optStr('f.dev.note', 200),
  ...hardwareFlags,
  /** The unit's kind (UNIT_KINDS; default gatehouse-mqtt). */
  unitKind: optKind('f.dev.kind'),
  /** hik-isapi: the terminal's address (host name or IP), HTTP port (default 80), user and password. */
  vendorHost: optStr('f.dev.host', 255).refine((v) => v === undefined || isUnitHost(v), msg('v.invalid', { field: '@f.dev.host' })),
  vendorPort: optInt('f.dev.port').refine((v) => v === undefined || (v >= 1 && v <= 65535), msg('v.invalid', { field: '@f.dev.port' })),
  vendorUser: optStr('f.dev.user', 64),
  vendorPassword: optStr('f.dev.vendorPassword', 64),
};

/** What a hik-isapi unit needs: address and user (and, when added, its password). */
const vendorRules =
  (needPassword: boolean) =>
  (v: { unitKind?: string; vendorHost?: string; vendorUser?: string; vendorPassword?: string }, ctx: z.RefinementCtx) => {
    if (!isAddressedKind(v.unitKind)) return;
    if (!v.vendorHost) ctx.addIssue({ code: 'custom', path: ['vendorHost'], message: msg('v.required', { field: '@f.dev.host' }) });
    if (!v.vendorUser) ctx.addIssue({ code: 'custom', path: ['vendorUser'], message: msg('v.required', { field: '@f.dev.user' }) });
    if (needPassword && !v.vendorPassword)
      ctx.addIssue({ code: 'custom', path: ['vendorPassword'], message: msg('v.required', { field: '@f.dev.vendorPassword' }) });
  };

export const poolAddInput = z.object({ ...poolFields, regNo: serial('f.dev.serial', LIMITS.serialNumber) }).superRefine(vendorRules(true));
/**
 * regNo may be sent back unchanged; a different one is refused (the serial cannot be edited). A
 * hik-isapi unit edited without a password keeps the one it has (one is required when it has none).
 */
export const poolUpdateInput = z
  .object({ id: reqInt('f.id'), ...poolFields, regNo: optStr('f.dev.serial') })
  .superRefine(vendorRules(false));
export const idInput = z.object({ ...withT, id: reqInt('f.id') });
export const idsInput = z.object({ ids: idList() });
export const poolImportInput = z.object({ communityID: optInt('f.community') });

// ---- device list (001 §2 "Device list", §5) ----

export const devicePageInput = z.object({
  ...withT,
  addressName: optStr('f.dev.name', 200),
  addressRegNo: optStr('f.dev.serial', 200),
  userPhone: optStr('f.phone', 20),
  communityName: optStr('f.dev.company', 200),
  communityLocation: optStr('f.dev.region', 200),
  unitKind: optKind('f.dev.kind'),
  ...paging(['addressName', 'addressRegNo', 'userPhone', 'communityName', 'communityLocation', 'online', 'lastSeen']),
});

const devicePhone = reqStr('f.phone', 20).refine((v) => DEVICE_LIST_PHONE.test(v), msg('v.phone'));

export const deviceInsertInput = z.object({
  addressName: reqStr('f.dev.name', LIMITS.communityName),
  regNo: serial('f.dev.serial', LIMITS.deviceListSerial),
  userPhone: devicePhone,
  communityID: reqInt('f.dev.company', true),
});

export const deviceUpdateInput = z.object({
  addressid: reqInt('f.id'),
  addressName: reqStr('f.dev.name', LIMITS.communityName),
  userPhone: devicePhone,
  communityID: reqInt('f.dev.company', true),
});

export const addressIdInput = z.object({ ...withT, addressid: reqInt('f.id') });

export const changeSerialInput = z.object({
  devicenumber: reqStr('f.dev.serial', LIMITS.deviceListSerial),
  newdevicenumber: serial('f.dev.newSerial', LIMITS.deviceListSerial),
  clouduserId: optInt('f.id'),
});

export const companyByRegNoInput = z.object({ ...withT, regNo: reqStr('f.account', 20) });

// ---- QR-code devices (001 §2 "QR-code device page", §3 "QR-code request", §5) ----

export const qrDevicePageInput = z.object({
  ...withT,
  addressName: optStr('f.dev.name', 200),
  communityName: optStr('f.dev.company', 200),
  ...paging(['addressName', 'communityName']),
});

export const qrCreateInput = z
  .object({
    addressRegNo: reqStr('f.dev.serial', LIMITS.deviceListSerial),
    numOpen: reqInt('f.dev.numOpen').refine((v) => v >= 1 && v <= 999, msg('dev.numOpenRange', { min: 1, max: 999 })),
    validfrom: dateTime('f.dev.validfrom'),
    validto: dateTime('f.dev.validto'),
    communityName: optStr('f.dev.company', 200),
    clouduserId: optInt('f.id'),
    /** Access groups whose door units also accept the code, within the group's schedule (issue 13). */
    groupIds: intList('f.rules.groups'),
    /** 1: the code opens on the groups' units only, not on this door unit (needs groups). */
    groupsOnly: z.preprocess((v) => (v === true || v === 1 || v === '1' ? 1 : 0), z.number()),
  })
  .refine(
    (v) => !DATE_TIME.test(v.validfrom) || !DATE_TIME.test(v.validto) || v.validfrom.replace(/-/g, '/') < v.validto.replace(/-/g, '/'),
    {
      message: msg('v.dateOrder'),
      path: ['validto'],
    },
  )
  .refine((v) => !v.groupsOnly || v.groupIds.length > 0, { message: msg('rules.qrNeedsUnit'), path: ['groupIds'] });

/** The access groups a visitor QR code of a door unit may be given (the unit's community). */
export const qrGroupsInput = z.object({ ...withT, addressRegNo: reqStr('f.dev.serial', LIMITS.deviceListSerial) });

// ---- door units (001 §2 "Door unit list") ----

export const gmPageInput = z.object({
  ...withT,
  address: optStr('f.dev.address', 200),
  name: optStr('f.dev.name', 200),
  ...paging(['address', 'name', 'communityName', 'online']),
});

export const gmOptionsInput = z.object({ ...withT, name: optStr('f.dev.name', 200) });

// ---- commands (001 §2 "Command management") ----

export const commandPageInput = z.object({
  ...withT,
  address: optStr('f.dev.address', 200),
  account: optStr('f.account', 20),
  /** The door unit (its address id). */
  gateId: optInt('f.dev.gate'),
  type: optOneOf('f.cmd.type', CMD_TYPES),
  status: optOneOf('f.cmd.status', CMD_STATUSES),
  unitKind: optKind('f.dev.kind'),
  ...paging(['createTime', 'updateTime', 'status', 'type']),
});
