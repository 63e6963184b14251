import type { HardwareFlags } from '../devices.ts';
import type { Deleted, Page } from '../envelope.ts';
import type { ImportReport } from './imports.ts';
import {
  activeDeviceInput,
  addressByIdInput,
  addressesOfCommunityInput,
  addressIdParamInput,
  addressIdsInput,
  addressImportInput,
  addressPageInput,
  amtIdInput,
  amtIdsInput,
  amtImportInput,
  amtPageInput,
  calledAddrsInput,
  createAddressInput,
  createAmtInput,
  updateAddrInput,
  updateAmtInput,
} from '../schemas/address.ts';
import { empty } from '../schemas/common.ts';
import { defineRoutes, r } from './define.ts';
import { lookupSpecs } from './lookups.ts';
import type { Option } from './session.ts';

export * from '../schemas/address.ts';

/** An address (000 §3 "Address"); hardware flags are 0 or their bit value. */
export interface AddressRow extends HardwareFlags {
  addressid: number;
  address: string;
  name: string;
  communityID: number;
  communityName: string;
  type: number;
  devstate: number;
  regNo: string;
  amtNum: number;
}

export interface AddressBrief {
  addressid: number;
  address: string;
  name: string;
  type: number;
  isVilla: number;
}

/** A call-code entry (000 §3 "Call-code entry"); `address` is the called address. */
export interface AmtRow {
  amtid: number;
  code: string;
  callerAddressID: number;
  calledAddressID: number;
  address: string;
  name: string;
  communityId: number;
}

export type AddressImportReport = ImportReport;

const project = { menus: ['project.project'] } as const;
/** The call-code table is also reached from the device list (001 §2 "Device list"). */
const callCodes = { menus: ['project.project', 'project.devices'] } as const;

/** Address calls (000 §7 "Address"). */
export const addressRoutes = defineRoutes('address', {
  searchResidents: lookupSpecs.searchResidents,
  getAddressesPage: r<Page<AddressRow>>()({ method: 'GET', input: addressPageInput, access: project }),
  getAddressByCommId: r<AddressBrief[]>()({ method: 'GET', input: addressesOfCommunityInput, access: 'session' }),
  getAddressByAddressId: r<AddressRow>()({ method: 'GET', input: addressByIdInput, access: 'session' }),
  getAddressesByComm: r<Option[]>()({ method: 'GET', input: addressesOfCommunityInput, access: 'session' }),
  /** The serial number of the device active on a door unit (null when none). */
  getActiveDevice: r<string | null>()({ method: 'GET', input: addressIdParamInput, access: 'session' }),
  searchCalledAddrs: r<Option[]>()({ method: 'GET', input: calledAddrsInput, access: callCodes }),
  getAmts: r<Page<AmtRow>>()({ method: 'GET', input: amtPageInput, access: callCodes }),
  getAmtData: r<AmtRow>()({ method: 'GET', input: amtIdInput, access: callCodes }),
  create: r<AddressRow>()({ method: 'POST', input: createAddressInput, access: project }),
  updateAddr: r<AddressRow>()({ method: 'POST', input: updateAddrInput, access: project }),
  batchDelAddr: r<Deleted>()({ method: 'POST', input: addressIdsInput, access: project }),
  /** Answers the door unit and the new device secret (shown once; docs/device-protocol.md §2). */
  activeDevice: r<AddressRow & { secret: string }>()({ method: 'POST', input: activeDeviceInput, access: project }),
  createAmt: r<AmtRow>()({ method: 'POST', input: createAmtInput, access: callCodes }),
  updateAmt: r<AmtRow>()({ method: 'POST', input: updateAmtInput, access: callCodes }),
  delAmtBatch: r<Deleted>()({ method: 'POST', input: amtIdsInput, access: callCodes }),
  uploadAddrsFile: r<AddressImportReport>()({ method: 'POST', input: addressImportInput, access: project, kind: 'multipart' }),
  uploadAMTFile: r<AddressImportReport>()({ method: 'POST', input: amtImportInput, access: callCodes, kind: 'multipart' }),
  addrsTemplate: r<never>()({ method: 'GET', input: empty, access: project, kind: 'raw' }),
  amtTemplate: r<never>()({ method: 'GET', input: empty, access: callCodes, kind: 'raw' }),
});
