import type { Deleted, Page } from '../envelope.ts';
import type { ImportReport } from './imports.ts';
import type { HardwareFlags, SyncState, UnitKind } from '../devices.ts';
import { ROLE } from '../roles.ts';
import {
  addressIdInput,
  changeSerialInput,
  commandPageInput,
  companyByRegNoInput,
  deviceInsertInput,
  devicePageInput,
  deviceUpdateInput,
  gmOptionsInput,
  gmPageInput,
  idInput,
  idsInput,
  poolAddInput,
  poolImportInput,
  poolPageInput,
  poolUpdateInput,
  qrCreateInput,
  qrGroupsInput,
  qrDevicePageInput,
} from '../schemas/device.ts';
import { empty } from '../schemas/common.ts';
import { defineRoutes, r } from './define.ts';
import type { Option } from './session.ts';

/** Device pool entry (001 §3). `id` is the pool entry; `addressid` the door unit it is bound to. */
export interface PoolRow extends HardwareFlags {
  id: number;
  addressid: number | null;
  name: string;
  regNo: string;
  address: string;
  /** Roles 2 and below only. */
  note?: string;
  /** The unit's kind (UNIT_KINDS). */
  unitKind: UnitKind;
  /** hik-isapi: the terminal's address, port and user (null for the other kinds). */
  vendorHost: string | null;
  vendorPort: number | null;
  vendorUser: string | null;
  /** hik-isapi: a password is stored (it is never answered). */
  hasPassword: boolean;
}

/** Device list row (001 §3 "Device") with its sync state. */
export interface DeviceRow extends SyncState {
  addressid: number;
  deviceId: number;
  addressName: string;
  addressRegNo: string;
  userPhone: string;
  communityName: string;
  communityLocation: string;
  communityAddress: string;
  communityID: number;
  clouduserId: number | null;
  devstate: number;
  isVilla: number;
  hardware: number;
  /** What the unit's last status or heartbeat said ('' or null before the first). */
  firmware: string | null;
  /** The unit's kind (UNIT_KINDS). */
  unitKind: UnitKind;
}

/** A freshly issued device secret: shown once, to be entered into the door unit. */
export interface DeviceSecret {
  addressid: number;
  serial: string;
  /** gatehouse-mqtt units only: the broker password; '' for the vendor kinds (no broker login is issued for them). */
  secret: string;
  /** The unit's kind (UNIT_KINDS; always answered). */
  unitKind?: UnitKind;
}

/** The shared import runner's report (server/src/xlsx/import-runner.ts). */
export type DeviceImportReport = ImportReport;

export interface QrDeviceRow {
  addressid: number;
  addressName: string;
  addressRegNo: string;
  communityName: string;
  communityID: number;
  online: boolean;
}

/** An access group a visitor QR code may be given: its door units accept the code within its schedule. */
export interface QrGroup {
  id: number;
  name: string;
  scheduleName: string;
  unitCount: number;
}

/** base64Str: PNG image (base64, no data: prefix); payload: the text inside the QR code. */
export interface QrCreated {
  id: number;
  base64Str: string;
  payload: string;
}

export interface GmRow extends SyncState {
  addressid: number;
  address: string;
  name: string;
  communityName: string;
  communityId: number;
  serial: string | null;
}

export interface CommandRow {
  id: number;
  communityname: string;
  address: string;
  account: string;
  gate: string;
  type: number;
  status: number;
  createTime: string;
  updateTime: string;
  info: string;
  /** The door unit's kind (UNIT_KINDS). */
  unitKind: UnitKind;
}

export interface DetailPair {
  label: string;
  strValue: string;
}

const ADMINS = [ROLE.superAdmin, ROLE.admin, ROLE.engineerSupervisor] as const;
const pool = { menus: ['project.pool'] } as const;
const poolAdmin = { menus: ['project.pool'], roles: ADMINS } as const;
const devices = { menus: ['project.devices'] } as const;
/** On the device list, administrators are roles 0, 1, 2 and 10 (001 §6). */
const devicesAdmin = { menus: ['project.devices'], roles: [...ADMINS, ROLE.cloudUser] } as const;
const qr = { menus: ['access.visitorcode'] } as const;
const gm = { menus: ['access.gm'] } as const;
const gmOrDevices = { menus: ['access.gm', 'project.devices'] } as const;
const commands = { menus: ['access.commands'] } as const;

/** Device pool (001 §7 "Devices"). */
export const poolRoutes = defineRoutes('pool', {
  getPoolPage: r<Page<PoolRow>>()({ method: 'GET', input: poolPageInput, access: pool }),
  getPoolById: r<PoolRow>()({ method: 'GET', input: idInput, access: pool }),
  addPool: r<PoolRow>()({ method: 'POST', input: poolAddInput, access: poolAdmin }),
  updatePool: r<PoolRow>()({ method: 'POST', input: poolUpdateInput, access: poolAdmin }),
  delPool: r<Deleted>()({ method: 'POST', input: idsInput, access: pool }),
  importPool: r<DeviceImportReport>()({ method: 'POST', input: poolImportInput, access: poolAdmin, kind: 'multipart' }),
  exportPool: r<never>()({ method: 'GET', input: poolPageInput, access: poolAdmin, kind: 'raw' }),
  poolTemplate: r<never>()({ method: 'GET', input: empty, access: poolAdmin, kind: 'raw' }),
});

/** Device list (001 §7 "Devices"). */
export const deviceRoutes = defineRoutes('device', {
  getDevicesPage: r<Page<DeviceRow>>()({ method: 'GET', input: devicePageInput, access: devices }),
  getDeviceById: r<DeviceRow>()({ method: 'GET', input: addressIdInput, access: devices }),
  insertDevice: r<DeviceSecret>()({ method: 'POST', input: deviceInsertInput, access: devicesAdmin }),
  updateDevice: r<DeviceRow>()({ method: 'POST', input: deviceUpdateInput, access: devices }),
  delDevices: r<Deleted>()({ method: 'POST', input: idsInput, access: devices }),
  changeSerial: r<DeviceSecret>()({ method: 'POST', input: changeSerialInput, access: devices }),
  resetSecret: r<DeviceSecret>()({ method: 'POST', input: addressIdInput, access: devices }),
  exportDevices: r<never>()({ method: 'GET', input: devicePageInput, access: devicesAdmin, kind: 'raw' }),
  getCompanyByRegNo: r<{ communityID: number; communityName: string }>()({ method: 'GET', input: companyByRegNoInput, access: devices }),
  /** Re-sends the whole desired configuration of a door unit. */
  resync: r<{ queued: number }>()({ method: 'POST', input: addressIdInput, access: gmOrDevices }),
});

/** QR-code devices (001 §7 "Devices": QR devices page list, QR image create). */
export const qrcodeRoutes = defineRoutes('qrcode', {
  getQrDevicesPage: r<Page<QrDeviceRow>>()({ method: 'GET', input: qrDevicePageInput, access: qr }),
  createQrcode: r<QrCreated>()({ method: 'POST', input: qrCreateInput, access: qr }),
  /** The access groups of the door unit's community a code may be given (issue 13). */
  getQrGroups: r<QrGroup[]>()({ method: 'GET', input: qrGroupsInput, access: qr }),
});

/** Door units (001 §7 "Cards": searchGmsPage, updateALTFileByAddressId). */
export const gmRoutes = defineRoutes('gm', {
  searchGmsPage: r<Page<GmRow>>()({ method: 'GET', input: gmPageInput, access: gm }),
  getGmOptions: r<Option[]>()({ method: 'GET', input: gmOptionsInput, access: { menus: ['access.gm', 'access.commands'] } }),
  updateALTFileByAddressId: r<{ queued: number }>()({ method: 'POST', input: idInput, access: gm }),
});

/** Commands (001 §7 "Commands"). */
export const commandRoutes = defineRoutes('command', {
  getCommandsPage: r<Page<CommandRow>>()({ method: 'GET', input: commandPageInput, access: commands }),
  getDetailByCmdId: r<DetailPair[]>()({ method: 'GET', input: idInput, access: commands }),
  redownload: r<null>()({ method: 'POST', input: idInput, access: commands }),
});
