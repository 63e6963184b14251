import type { Generated, JSONColumnType } from 'kysely';

/** A weekly schedule of a community (access rules): `week` is JSON, 7 lists of `HH:MM-HH:MM`. */
export interface AccessScheduleTable {
  id: Generated<number>;
  community_id: number;
  name: string;
  week: string;
  /** 0 closed on holidays, 1 holidays follow holiday_weekday. */
  holiday_mode: number;
  holiday_weekday: number | null;
  created_at: Generated<Date>;
}

/** A holiday of a community: one day or a range (YYYY-MM-DD, both inclusive). */
export interface AccessHolidayTable {
  id: Generated<number>;
  community_id: number;
  name: string;
  date_from: string;
  date_to: string;
  created_at: Generated<Date>;
}

/** An access group: door units with a schedule (null: the built-in "Always"). */
export interface AccessGroupTable {
  id: Generated<number>;
  community_id: number;
  name: string;
  schedule_id: number | null;
  created_at: Generated<Date>;
}

/** A door unit (address of type 0) of a group. */
export interface AccessGroupUnitTable {
  group_id: number;
  address_id: number;
}

/** A card given a group. */
export interface AccessGroupCardTable {
  group_id: number;
  card_id: number;
}

/** Members of a big access group still to send to its units after a change (0804, modules/rules/fanout.ts). */
export interface AccessGroupFanoutTable {
  id: Generated<number>;
  group_id: number;
  community_id: number;
  kind: 'card' | 'face';
  holder_ids: number[];
  unit_ids: number[];
  total: number;
  done: Generated<number>;
  lease_until: Date | null;
  finished_at: Date | null;
  created_at: Generated<Date>;
}

/** A face given a group (0802). */
export interface AccessGroupFaceTable {
  group_id: number;
  face_id: number;
}

/** Lift floors a group gives on one of its door units (0803); goes with the unit's membership. */
export interface AccessGroupLiftTable {
  group_id: number;
  address_id: number;
  resi_level: string;
  bank: number;
  node: number;
  gate_type: number;
  front_levels: JSONColumnType<string[], string, string>;
  back_levels: JSONColumnType<string[], string, string>;
}

/** A visitor QR code given a group (0803): it opens on the group's units within its schedule. */
export interface VisitorQrcodeGroupTable {
  qrcode_id: number | string;
  group_id: number;
}

export interface RulesTables {
  access_schedule: AccessScheduleTable;
  access_holiday: AccessHolidayTable;
  access_group: AccessGroupTable;
  access_group_unit: AccessGroupUnitTable;
  access_group_card: AccessGroupCardTable;
  access_group_face: AccessGroupFaceTable;
  access_group_fanout: AccessGroupFanoutTable;
  access_group_lift: AccessGroupLiftTable;
  visitor_qrcode_group: VisitorQrcodeGroupTable;
}
