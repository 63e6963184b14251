import { z } from 'zod';
import { CLOCK_STATUS, WEEKDAYS } from '../codes.ts';
import { LIMITS } from '../limits.ts';
import { optInt, optStr, paging, reqInt, withT, dateRangeFilter, optCode } from './common.ts';
import { pageAndExport } from './list-inputs.ts';

/** The longest date range of the daily clock-in detail (one month of days). */
export const MAX_DETAIL_DAYS = 31;

/**
 * The rule applied while a company has no custom rule (vtype 2, "default" mode): two
 * punches, start of work 09:00 and end of work 18:00. The noon and overtime ranges
 * here are only the values the settings dialog proposes when switching to custom.
 */
export const DEFAULT_RULE = {
  type: 2,
  starttime: '09:00:00',
  endtime: '18:00:00',
  mstarttime: '12:00:00',
  mendtime: '13:00:00',
  pstarttime: '19:00:00',
  pendtime: '21:00:00',
} as const;

/**
 * Companies of the attendance settings screen. The data model has no separate short
 * name, so the spec's "short name" filter matches the registration number (the
 * company's short identifier, also the spec's comId); region matches the location.
 */
export const dailycheckCompaniesInput = z.object({
  ...withT,
  name: optStr('f.att.company', 200),
  regNo: optStr('f.att.regNo', 20),
  location: optStr('f.att.region', 200),
  ...paging(['name', 'regNo', 'location']),
});

/**
 * Daily clock-in detail of one company (getAccessWorklistByPage). Dates are days;
 * without them the current month; at most MAX_DETAIL_DAYS days.
 */
export const worklistPageInput = z.object({
  ...withT,
  communityId: reqInt('f.community', true),
  userName: optStr('f.att.userName', 50),
  account: optStr('f.account', 20),
  weektime: optCode('f.att.weekday', WEEKDAYS),
  ...dateRangeFilter('starttime', 'endtime', ['f.att.startDate', 'f.att.endDate']),
  status: optCode('f.att.status', [CLOCK_STATUS.abnormal, CLOCK_STATUS.normal]),
  ...paging(['datetime', 'account', 'userName'], LIMITS.defaultPageSize),
});

const punchFilters = {
  ...withT,
  /** Narrows to one company (the daily detail the user came from); scope is always applied. */
  communityId: optInt('f.community'),
  account: optStr('f.account', 20),
  ...dateRangeFilter('starttime', 'endtime', ['f.att.from', 'f.att.to']),
  /** The spec's punch query sends iswork=1; punches are the only rows of this list. */
  iswork: optCode('f.att.iswork', [1]),
};
export const { page: punchPageInput, export: punchExportInput } = pageAndExport(punchFilters, ['addtime']);
