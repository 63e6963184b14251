import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** A community's retention settings (issue 35 item 4; defaults: contracts RETENTION_DEFAULTS). */
export interface RetentionSettingTable {
  community_id: number;
  face_days: number;
  event_months: number;
  event_mode: string;
  visitor_days: number;
  updated_at: Generated<Date>;
}

/** One day's retention run (the day is the key: it runs once a day, on one instance). */
export interface RetentionRunTable {
  day: ColumnType<string, string, string>;
  started_at: Generated<Date>;
  finished_at: Date | null;
  report: JSONColumnType<Record<string, unknown>> | null;
}

export interface DatareqTables {
  retention_setting: RetentionSettingTable;
  retention_run: RetentionRunTable;
}
