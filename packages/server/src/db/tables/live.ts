import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** Device news as the live stream sends it: written by live/event-writer.ts, read by every instance's hub (migration 0631_live_event). */
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
