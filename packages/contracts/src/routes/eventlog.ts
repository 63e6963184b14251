import type { Page } from '../envelope.ts';
import {
  accessLogExportInput,
  accessLogPageInput,
  accessReportExportInput,
  accessReportPageInput,
  qrcodeListExportInput,
  qrcodeListPageInput,
} from '../schemas/eventlog.ts';
import { defineRoutes, r } from './define.ts';

/** Access event log row (001 §3); type, result and CARD_MODE are codes (labels `eventlog.type.N` etc.). */
export interface AccessLogRow {
  id: number;
  communityname: string;
  time: string;
  addressName: string;
  unlockUserName: string;
  type: number;
  result: number;
  account: string;
  CARD_NUM: string;
  CARD_MODE: number;
  /** Why the unit refused it (ACCESS_REFUSALS: access rules, lockdown, a revoked QR code); empty otherwise. */
  reason: string;
}

/** Entrance report row (001 §3); event is the open type (card 1, QR code 4, face 5). */
export interface EntranceRow {
  id: number;
  deviceName: string;
  communityName: string;
  account: string;
  event: number;
  addtime: string;
}

/** Visitor QR record (001 §3); validfrom only for roles 2 and below; used = access events of the code. */
export interface QrcodeRecordRow {
  id: number;
  userRegno: string;
  communityName: string;
  deviceName: string;
  numOpen: number;
  used: number;
  validfrom?: string;
  validto: string;
  createTime: string;
}

const accesslog = { menus: ['eventlog.accesslog'] } as const;
const entrance = { menus: ['access.entrance'] } as const;
const visitor = { menus: ['access.visitor'] } as const;

/** Event log and reports (001 §7). */
export const eventlogRoutes = defineRoutes('eventlog', {
  getAccessLogPage: r<Page<AccessLogRow>>()({ method: 'GET', input: accessLogPageInput, access: accesslog }),
  exportAccessLog: r<never>()({ method: 'GET', input: accessLogExportInput, access: accesslog, kind: 'raw' }),
  getAccessReportlistByPage: r<Page<EntranceRow>>()({ method: 'GET', input: accessReportPageInput, access: entrance }),
  exportAccessReport: r<never>()({ method: 'GET', input: accessReportExportInput, access: entrance, kind: 'raw' }),
  getQrcodelistByPage: r<Page<QrcodeRecordRow>>()({ method: 'GET', input: qrcodeListPageInput, access: visitor }),
  /** Administrators only (roles 2 and below). */
  exportQrcodelist: r<never>()({
    method: 'GET',
    input: qrcodeListExportInput,
    access: { menus: ['access.visitor'], roles: [0, 1, 2] },
    kind: 'raw',
  }),
});
