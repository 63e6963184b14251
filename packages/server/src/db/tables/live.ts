import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** The live stream's outbox (migration 0631_live_event). */
export interface LiveEventTable {
  id: Generated<number>;
  kind: string;
  community_id: number | null;
  data: JSONColumnType<object, string, string>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface LiveTables {
  live_event: LiveEventTable;
}
