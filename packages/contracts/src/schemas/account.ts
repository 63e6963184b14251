import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { msg } from '../messages/define.ts';
import { roleMessages } from '../messages/roles.ts';
import { DIGITS, isValidPhone } from '../patterns.ts';
import { ALL_ROLES, CREATABLE_ROLES, isSystemAdmin, roleNameKey } from '../roles.ts';
import {
  IMPORT_ID,
  intList,
  invalid,
  newPasswordField,
  optInt,
  optionalImportId,
  optStr,
  paging,
  phoneField,
  reqInt,
  reqStr,
  withT,
} from './common.ts';

/** Upper bound of the face and resident limits of an account. */
export const ACCOUNT_LIMIT_MAX = 99;

/**
 * Who manages whom (000 §6): administrators manage every role from their own level
 * down; engineering and property staff manage the roles below theirs (inside their
 * community scope, checked by the server); enterprise users (10) their employees
 * (11); householders, door units, other and employees manage nobody.
 */
export function managedRoles(callerRole: number): number[] {
  if (isSystemAdmin(callerRole)) return ALL_ROLES.filter((r) => r >= callerRole);
  if (callerRole === 10) return [11];
  if (callerRole >= 2 && callerRole <= 5) return ALL_ROLES.filter((r) => r > callerRole);
  return [];
}
export const canManageRole = (callerRole: number, targetRole: number): boolean => managedRoles(callerRole).includes(targetRole);

/** The role-dependent fields of the add and edit forms (000 §4). */
export function roleFields(roleId: number | undefined) {
  const r = roleId ?? -1;
  return {
    /** Managers: a multi-select community list, non-empty. */
    communityList: r === 4 || r === 5,
    /** Householders, door units, other, cloud users: one community (company). */
    community: r >= 7 && r <= 11,
    /** Householders (required) and cloud users (optional): an address of the community. */
    address: r === 7 || r === 10 || r === 11,
    addressRequired: r === 7,
    limits: r === 7 || r === 10 || r === 11,
    /** Cloud users (enterprise): the read-only list of their company's door units. */
    devices: r === 10,
  };
}

const limitField = (field: string) =>
  optInt(field).refine(
    (v) => v === undefined || (v >= 0 && v <= ACCOUNT_LIMIT_MAX),
    msg('account.limitRange', { field: `@${field}`, max: ACCOUNT_LIMIT_MAX }),
  );

const fields = {
  areacode: reqStr('f.areacode', 6).refine((v) => /^\+?\d{1,4}$/.test(v), msg('v.invalid', { field: '@f.areacode' })),
  regNo: reqStr('f.phone', 20).refine((v) => DIGITS.test(v), msg('v.phoneDigits')),
  name: reqStr('f.name', LIMITS.userName),
  roleID: reqInt('f.role', true, 'smallint'),
  communityIdList: intList('f.communityList'),
  communityId: optInt('f.community'),
  commuAddressId: optInt('f.address'),
  facelimit: limitField('f.facelimit'),
  residentlimit: limitField('f.residentlimit'),
};

type Issue = { message: string; path: string[] };
type Fields = { areacode: string; regNo: string; roleID: number };

/** The phone must be valid for its dial code (mainland 1[3-9] + 9 digits, 10 digits for 972). */
function phoneIssue(v: Fields): Issue[] {
  return !DIGITS.test(v.regNo) || isValidPhone(v.regNo, v.areacode) ? [] : [{ message: msg('v.phone'), path: ['regNo'] }];
}

function roleIssues(v: z.output<z.ZodObject<typeof fields>>): Issue[] {
  const f = roleFields(v.roleID);
  const out: Issue[] = [];
  if (!ALL_ROLES.includes(v.roleID as never)) out.push({ message: msg('v.invalid', { field: '@f.role' }), path: ['roleID'] });
  if (f.communityList && v.communityIdList.length === 0)
    out.push({ message: msg('v.choose', { field: '@f.communityList' }), path: ['communityIdList'] });
  if (f.community && v.communityId === undefined) out.push({ message: msg('v.chooseCommunity'), path: ['communityId'] });
  if (f.addressRequired && v.commuAddressId === undefined) out.push({ message: msg('v.chooseAddress'), path: ['commuAddressId'] });
  if (f.limits && v.facelimit === undefined) out.push({ message: msg('v.required', { field: '@f.facelimit' }), path: ['facelimit'] });
  if (f.limits && v.residentlimit === undefined)
    out.push({ message: msg('v.required', { field: '@f.residentlimit' }), path: ['residentlimit'] });
  return out;
}

const report = (ctx: z.RefinementCtx, issues: Issue[]) => {
  for (const i of issues) ctx.addIssue({ code: 'custom', message: i.message, path: i.path });
};

/** Add account (000 §5): the role must be one offered when adding (not 10, 11). */
export const accountCreateInput = z
  .object({
    ...fields,
    password: reqStr('f.password', LIMITS.accountPassword),
    checkPassword: reqStr('f.confirmPassword', LIMITS.accountPassword),
  })
  .superRefine((v, ctx) => {
    const issues = [...phoneIssue(v), ...roleIssues(v)];
    if (!CREATABLE_ROLES.includes(v.roleID as never)) issues.push({ message: msg('v.invalid', { field: '@f.role' }), path: ['roleID'] });
    if (v.password !== v.checkPassword) issues.push({ message: msg('v.passwordMismatch'), path: ['checkPassword'] });
    report(ctx, issues);
  });

/** Edit account: a blank password keeps the current one; the state can change. */
export const accountUpdateInput = z
  .object({
    ...fields,
    userid: reqInt('f.id'),
    state: optInt('f.state', 'smallint').refine((v) => v === undefined || [0, 1, 2].includes(v), msg('v.invalid', { field: '@f.state' })),
    password: optStr('f.password', LIMITS.accountPassword),
    checkPassword: optStr('f.confirmPassword', LIMITS.accountPassword),
  })
  .superRefine((v, ctx) => {
    const issues = [...phoneIssue(v), ...roleIssues(v)];
    if ((v.password ?? '') !== (v.checkPassword ?? '')) issues.push({ message: msg('v.passwordMismatch'), path: ['checkPassword'] });
    report(ctx, issues);
  });

export const ACCOUNT_SORT = ['regNo', 'name', 'roleID', 'state', 'regTime'] as const;

/** The account list filters (000 §7 searchAccounts); the permission list uses the same. */
export const searchAccountsInput = z.object({
  ...withT,
  regNo: optStr('f.phone', 20),
  name: optStr('f.name', LIMITS.userName),
  addressStrs: optStr('f.address', LIMITS.address),
  roleID: optInt('f.role', 'smallint'),
  state: optInt('f.state', 'smallint'),
  ...paging(ACCOUNT_SORT),
});

export const accountIdInput = z.object({ ...withT, id: reqInt('f.id') });
export const userIdInput = z.object({ ...withT, userId: reqInt('f.id') });
export const batchDelAccountsInput = z.object({ ids: intList('f.ids').refine((v) => v.length > 0, msg('v.choose', { field: '@f.ids' })) });
export const checkUserPropertiesInput = z.object({
  ...withT,
  regNo: fields.regNo,
  roleID: reqInt('f.role', true, 'smallint'),
  userid: optInt('f.id'),
});
export const residentAccountsInput = z.object({ ...withT, addressId: reqInt('f.address', true) });
export const devicesForClouduserInput = z.object({ ...withT, deviceName: optStr('f.dev.name', LIMITS.deviceSearchMax) });
export const updateUserMenuInput = z.object({ userId: reqInt('f.id'), menuIds: intList('f.menus') });
export const uploadAccountFileInput = z.object({
  communityID: reqInt('f.community', true),
  importId: optionalImportId,
});
export const importProgressInput = z.object({ ...withT, importId: z.string().regex(IMPORT_ID, invalid('f.importId')) });

/** Account migration (000 §5): a valid phone, the sign-in password pattern (max 50), confirmed. */
export const transferAccountInput = z
  .object({
    regNo: phoneField('f.phone'),
    password: newPasswordField('f.password', LIMITS.changePassword),
    confirmPassword: reqStr('f.confirmPassword', LIMITS.changePassword),
  })
  .refine((v) => v.password === v.confirmPassword, { message: msg('v.passwordMismatch'), path: ['confirmPassword'] });
export const managerByRegnoInput = z.object({ ...withT, regNo: phoneField('f.phone') });

/**
 * A role given as its id or its name in any language (import files). The names come from the
 * role catalogue alone, so a schema import does not bring every message of every area.
 */
export function roleFromText(v: unknown): unknown {
  const s = String(v ?? '').trim();
  if (s === '' || /^\d+$/.test(s)) return s;
  const names: Record<string, Record<string, string>> = roleMessages;
  const hit = ALL_ROLES.find((r) => Object.values(names[roleNameKey(r)] ?? {}).some((name) => name.toLowerCase() === s.toLowerCase()));
  return hit === undefined ? 'x' : String(hit);
}

/** One row of the account import file: the dialog's rules; blank limits take the defaults. */
export const accountImportRow = z
  .object({
    areacode: fields.areacode,
    regNo: fields.regNo,
    name: fields.name,
    password: reqStr('f.password', LIMITS.accountPassword),
    roleID: z.preprocess(roleFromText, fields.roleID),
    address: optStr('f.address', LIMITS.address),
    facelimit: limitField('f.facelimit').transform((v) => v ?? LIMITS.defaultFaceLimit),
    residentlimit: limitField('f.residentlimit').transform((v) => v ?? LIMITS.defaultResidentLimit),
  })
  .superRefine((v, ctx) => {
    const issues = phoneIssue(v);
    if (!CREATABLE_ROLES.includes(v.roleID as never)) issues.push({ message: msg('v.invalid', { field: '@f.role' }), path: ['roleID'] });
    if (roleFields(v.roleID).addressRequired && !v.address) issues.push({ message: msg('v.chooseAddress'), path: ['address'] });
    report(ctx, issues);
  });
