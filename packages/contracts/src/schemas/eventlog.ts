import { ACCESS_RESULTS, ACCESS_TYPES, CARD_MODES, OPEN_TYPES } from '../codes.ts';
import { optStr, withT, dateRangeFilter, optCode } from './common.ts';
import { pageAndExport } from './list-inputs.ts';

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
  ...dateRangeFilter('validfrom', 'validto', ['f.validfrom', 'f.validto']),
};
export const { page: accessLogPageInput, export: accessLogExportInput } = pageAndExport(accessLogFilters, ['time']);

const entranceFilters = {
  ...withT,
  deviceName: optStr('f.deviceName', 100),
  communityName: optStr('f.company', 50),
  account: optStr('f.account', 20),
  event: optCode('f.openType', OPEN_TYPES),
  ...dateRangeFilter('starttime', 'endtime', ['f.openFrom', 'f.openTo']),
};
export const { page: accessReportPageInput, export: accessReportExportInput } = pageAndExport(entranceFilters, ['addtime']);

const qrcodeFilters = {
  ...withT,
  userRegno: optStr('f.account', 20),
  deviceName: optStr('f.deviceName', 100),
  communityName: optStr('f.company', 50),
  ...dateRangeFilter('validfrom', 'validto', ['f.qrValidFrom', 'f.qrValidTo']),
};
export const { page: qrcodeListPageInput, export: qrcodeListExportInput } = pageAndExport(qrcodeFilters, ['createTime']);
