import type { Deleted, Page } from '../envelope.ts';
import type { ImportProgress, ImportReport } from './imports.ts';
import type { MenuNode } from '../menus.ts';
import { ALL_ROLES, isEnterpriseRole, type RoleId } from '../roles.ts';
import {
  accountCreateInput,
  accountIdInput,
  accountUpdateInput,
  batchDelAccountsInput,
  checkUserPropertiesInput,
  devicesForClouduserInput,
  managerByRegnoInput,
  residentAccountsInput,
  searchAccountsInput,
  transferAccountInput,
  updateUserMenuInput,
  importProgressInput,
  uploadAccountFileInput,
  userIdInput,
} from '../schemas/account.ts';
import { empty } from '../schemas/common.ts';
import { updateBaseInfoInput, updatePwdInput } from '../schemas/session.ts';
import { defineRoutes, r } from './define.ts';
import { lookupSpecs } from './lookups.ts';

export interface BasicInfo {
  userid: number;
  regNo: string;
  userName: string;
  roleName: string;
  roleId: number;
}

/** One row of the account lists (000 §3 "Account"). */
export interface AccountRow {
  userid: number;
  regNo: string;
  areacode: string;
  name: string;
  roleID: number;
  roleName: string;
  state: number;
  regTime: string;
  communityNames: string;
  addressStrs: string;
}

/** One account with the role-dependent fields of the edit form (no password). */
export interface AccountDetail extends AccountRow {
  communityIdList: number[];
  communityId: number | null;
  commuAddressId: number | null;
  facelimit: number;
  residentlimit: number;
  deviceIdList: number[];
}

/** Country list entry (000 §3): short code, Chinese name, English name, dial code. */
export interface Country {
  code: string;
  zh: string;
  en: string;
  tel: string;
}

/** Cloud-user device option (000 §3): value and label. */
export interface DeviceOption {
  value: number;
  label: string;
}

/** Row errors of an account import (the shared import runner's report). */
export type AccountImportReport = ImportReport;

/** Every role but the enterprise ones: Add, Import and batch delete are refused to role 10 (000 §2). */
const NOT_ENTERPRISE: readonly RoleId[] = ALL_ROLES.filter((x) => !isEnterpriseRole(x));
const manage = { menus: ['account'] } as const;
const manageNoEnterprise = { menus: ['account'], roles: NOT_ENTERPRISE } as const;
const perm = { menus: ['permission'] } as const;

/** Account calls (000 §7 "Account"). */
export const accountRoutes = defineRoutes('account', {
  showUser: r<BasicInfo>()({ method: 'GET', input: empty, access: 'session' }),
  updateBaseInfo: r<null>()({ method: 'POST', input: updateBaseInfoInput, access: 'session' }),
  updatePwd: r<null>()({ method: 'POST', input: updatePwdInput, access: 'session' }),
  getMessagePush: r<{ count: number }>()({ method: 'GET', input: empty, access: 'session' }),
  getEngineers: lookupSpecs.getEngineers,

  searchAccounts: r<Page<AccountRow>>()({ method: 'GET', input: searchAccountsInput, access: manage }),
  searchAccountsForPerm: r<Page<AccountRow>>()({ method: 'GET', input: searchAccountsInput, access: perm }),
  getUser: r<AccountDetail>()({ method: 'GET', input: accountIdInput, access: { menus: ['account', 'permission'] } }),
  /** Whether a phone is free for a role (the add and edit forms check it as it is typed). */
  checkUserProperties: r<{ available: boolean }>()({ method: 'GET', input: checkUserPropertiesInput, access: manage }),
  getCountries: r<Country[]>()({ method: 'GET', input: empty, access: 'session' }),
  getAllMenu: r<MenuNode[]>()({ method: 'GET', input: empty, access: perm }),
  getPerMenu: r<number[]>()({ method: 'GET', input: userIdInput, access: perm }),
  searchAccountsByResidentId: r<AccountRow[]>()({
    method: 'GET',
    input: residentAccountsInput,
    // the card and face dialogs offer the household's accounts too
    access: { menus: ['account', 'project.project', 'access.gate', 'access.ladder', 'access.faceid'] },
  }),
  getDevicesForClouduser: r<DeviceOption[]>()({ method: 'GET', input: devicesForClouduserInput, access: 'session' }),
  getClouduserDevices: r<DeviceOption[]>()({ method: 'GET', input: userIdInput, access: 'session' }),
  create: r<AccountDetail>()({ method: 'POST', input: accountCreateInput, access: manageNoEnterprise }),
  updateAccount: r<AccountDetail>()({ method: 'POST', input: accountUpdateInput, access: manage }),
  batchDel: r<Deleted>()({ method: 'POST', input: batchDelAccountsInput, access: manageNoEnterprise }),
  updateUserMenu: r<number[]>()({ method: 'POST', input: updateUserMenuInput, access: perm }),
  /** The account import template (.xlsx, headers in the session language). */
  accountTemplate: r<never>()({ method: 'GET', input: empty, access: manageNoEnterprise, kind: 'raw' }),
  uploadAccountFile: r<AccountImportReport>()({
    method: 'POST',
    input: uploadAccountFileInput,
    access: manageNoEnterprise,
    kind: 'multipart',
  }),
  /** What the server has done of the caller's import `importId` (null before it starts reading the file). */
  getImportProgress: r<ImportProgress | null>()({ method: 'GET', input: importProgressInput, access: 'session' }),
  /** The same import under the spec's other name (its payload is not shown in the spec). */
  uploadAccounts: r<AccountImportReport>()({
    method: 'POST',
    input: uploadAccountFileInput,
    access: manageNoEnterprise,
    kind: 'multipart',
  }),
  transferAccount: r<null>()({ method: 'POST', input: transferAccountInput, access: 'session' }),
  getManagerByRegno: r<{ regNo: string; admin: boolean; taken: boolean }>()({
    method: 'GET',
    input: managerByRegnoInput,
    access: 'session',
  }),
});
