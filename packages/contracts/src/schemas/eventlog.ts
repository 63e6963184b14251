import { z } from 'zod';
import { ACCESS_RESULTS, CARD_MODES, OPEN_TYPES } from '../codes.ts';
import { ACCESS_TYPES } from '../devices.ts';
import { LIMITS } from '../limits.ts';
import { optStr, paging, withT, dateFilter, optCode } from './common.ts';

const order = { sort: z.string().optional(), order: z.enum(['asc', 'desc']).optional() };

const accessLogFilters = {
  ...withT,
  communityName: optStr('f.communityName', 50),
  addressName: optStr('f.addressName', 150),
  account: optStr('f.account', 20),
  type: optCode('f.type', ACCESS_TYPES),
  unlockUserName: optStr('f.unlockUserName', 50),
  CARD_MODE: optCode('f.cardMode', CARD_MODES),
  CARD_NUM: optStr('f.cardNum', 20),
  result: optCode('f.result', ACCESS_RESULTS),
  validfrom: dateFilter('f.validfrom'),
  validto: dateFilter('f.validto'),
};
export const accessLogPageInput = z.object({ ...accessLogFilters, ...paging(['time'], LIMITS.defaultPageSize) });
export const accessLogExportInput = z.object({ ...accessLogFilters, ...order });

const entranceFilters = {
  ...withT,
  deviceName: optStr('f.deviceName', 100),
  communityName: optStr('f.company', 50),
  account: optStr('f.account', 20),
  event: optCode('f.openType', OPEN_TYPES),
  starttime: dateFilter('f.openFrom'),
  endtime: dateFilter('f.openTo'),
};
export const accessReportPageInput = z.object({ ...entranceFilters, ...paging(['addtime'], LIMITS.defaultPageSize) });
export const accessReportExportInput = z.object({ ...entranceFilters, ...order });

const qrcodeFilters = {
  ...withT,
  userRegno: optStr('f.account', 20),
  deviceName: optStr('f.deviceName', 100),
  communityName: optStr('f.company', 50),
  validfrom: dateFilter('f.qrValidFrom'),
  validto: dateFilter('f.qrValidTo'),
};
export const qrcodeListPageInput = z.object({ ...qrcodeFilters, ...paging(['createTime'], LIMITS.defaultPageSize) });
export const qrcodeListExportInput = z.object({ ...qrcodeFilters, ...order });
