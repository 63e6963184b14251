import type { Page } from '../envelope.ts';
import { dailycheckCompaniesInput, punchExportInput, punchPageInput, worklistPageInput } from '../schemas/attendance.ts';
import { defineRoutes, r } from './define.ts';

/** A company of the attendance settings screen, with a summary of its rule. */
export interface DailycheckCompany {
  communityid: number;
  name: string;
  regNo: string;
  location: string;
  address: string;
  /** 1 custom, 2 default (no rule saved counts as default). */
  vtype: number;
  /** Punch count of the custom rule; 0 in the default mode. */
  type: number;
}

/** Clock-in detail row (001 §3): one person on one day; times HH:mm:ss or ''. */
export interface ClockInRow {
  userName: string;
  account: string;
  /** yyyy/MM/dd */
  datetime: string;
  /** 0 Sunday .. 6 Saturday */
  weektime: number;
  opentime: string;
  closetime: string;
  mstarttime: string;
  mendtime: string;
  pstarttime: string;
  pendtime: string;
  /** Time worked, HH:mm; '' when it cannot be told. */
  longtime: string;
  /** 0 abnormal, 1 normal. */
  status: number;
}

/** Punch record (001 §3). */
export interface PunchRow {
  id: number;
  account: string;
  deviceName: string;
  addtime: string;
}

const access = { menus: ['access.dailycheck'] } as const;

/**
 * Attendance (001 §2, §7). The rule itself is read and saved by the community calls
 * getCommunityRule / createCommunityRule. Punch records have their own list here
 * rather than the entrance report's getAccessReportlistByPage: that list belongs to
 * the entrance-report menu and shows door openings, while punches (is_work) belong to
 * the attendance menu; the filters are the spec's (account, starttime, endtime, iswork).
 */
export const attendanceRoutes = defineRoutes('attendance', {
  getDailycheckCompanies: r<Page<DailycheckCompany>>()({ method: 'GET', input: dailycheckCompaniesInput, access }),
  getAccessWorklistByPage: r<Page<ClockInRow>>()({ method: 'GET', input: worklistPageInput, access }),
  getPunchlistByPage: r<Page<PunchRow>>()({ method: 'GET', input: punchPageInput, access }),
  /** Spreadsheet of the punch records: sheet "equimentlist", file named after the punch-details label. */
  exportPunchlist: r<never>()({ method: 'GET', input: punchExportInput, access, kind: 'raw' }),
});
