/**
 * Alarm records (Event log › Alarm records): what a door unit reports as an alarm, and
 * "offline" opened by the server when a unit's status goes offline (cleared when it
 * comes back). Each kind is declared once — value, label key, tag colour — and every
 * tag, filter and export reads it.
 */

/** Alarms a door unit raises itself (the `alarm` event of docs/device-protocol.md). */
export const DEVICE_ALARM_TYPES = ['forced', 'heldOpen', 'tamper', 'duress'] as const;
export type DeviceAlarmType = (typeof DEVICE_ALARM_TYPES)[number];

/** Every kind of alarm record. */
export const ALARM_KINDS = [...DEVICE_ALARM_TYPES, 'offline'] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];

/** Label key (`alarm.kind.<kind>`) and tag colour of each kind. */
export const ALARM_KIND_ENUM: { readonly [K in AlarmKind]: { label: string; color: string } } = {
  forced: { label: 'alarm.kind.forced', color: 'red' },
  heldOpen: { label: 'alarm.kind.heldOpen', color: 'orange' },
  tamper: { label: 'alarm.kind.tamper', color: 'volcano' },
  duress: { label: 'alarm.kind.duress', color: 'magenta' },
  offline: { label: 'alarm.kind.offline', color: 'default' },
};

/** The longest acknowledgement note. */
export const ALARM_NOTE_MAX = 200;
