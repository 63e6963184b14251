import type { ColumnType, Generated } from 'kysely';

/** Hikvision ISAPI terminals' own bookkeeping (migration 0322_hik_isapi; docs/devices/hikvision.md). */
export interface HikTables {
  /** The serial number of the last event read from each terminal's log (the `AcsEvent` catch-up starts after it). */
  hik_event_position: {
    device_id: number;
    serial_no: ColumnType<string, number | string | undefined, number | string>;
    updated_at: Generated<Date>;
  };
  /** The person (employeeNo) each face row was put on a terminal under. */
  hik_face: { device_id: number; face_id: number; employee_no: string };
  /** The key that signs the listening-host addresses (`/hik/events?unit=&sig=`). */
  hik_callback_key: { id: number; secret: string };
  /** When each polled terminal was last asked, and by which instance (migration 0323_unit_poll). */
  unit_poll: { device_id: number; polled_at: Generated<Date>; polled_by: string };
}
