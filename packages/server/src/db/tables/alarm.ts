import type { Generated } from 'kysely';

/** An alarm record (migration 0621_alarms). `kind` is one of ALARM_KINDS. */
export interface AlarmTable {
  id: Generated<number>;
  device_id: number;
  /** The unit's event id; null for the "offline" alarms the server opens. */
  eid: string | null;
  serial: string;
  address_id: number | null;
  community_id: number | null;
  device_name: Generated<string>;
  kind: string;
  time: Date;
  cleared_at: Date | null;
  ack_account_id: number | null;
  ack_regno: string | null;
  ack_at: Date | null;
  ack_note: Generated<string>;
  received_at: Generated<Date>;
}

export interface AlarmTables {
  alarm: AlarmTable;
}
