import type { Generated } from 'kysely';

/** One call-code entry: a door unit (caller) reaches an address (called) by a code (000 §3 "AMT"). */
export interface AmtTable {
  id: Generated<number>;
  community_id: number;
  caller_address_id: number;
  called_address_id: number;
  code: string;
  created_at: Generated<Date>;
}

/** The attendance rule of a community (001 §3 "Attendance rule"); times are HH:mm:ss or null. */
export interface AttendanceRuleTable {
  community_id: number;
  vtype: number;
  type: number;
  starttime: string | null;
  endtime: string | null;
  mstarttime: string | null;
  mendtime: string | null;
  pstarttime: string | null;
  pendtime: string | null;
  updated_at: Generated<Date>;
}

export interface CommunityTables {
  amt: AmtTable;
  attendance_rule: AttendanceRuleTable;
}
