/**
 * Hikvision ISAPI shapes the server's driver and the simulator's emulated terminal both speak
 * (docs/devices/hikvision.md). Types only.
 */

/**
 * One terminal access-control event: an `AcsEvent` search's `InfoList` item (a pushed
 * `AccessControllerEvent` carries the same fields, which the driver maps to these names).
 * Event codes: major 1 alarm, 3 operation, 5 event; minors from Hikvision's NET_DVR_ACS_ALARM_INFO.
 */
export interface HikAcsEvent {
  major: number;
  minor: number;
  time: string;
  serialNo: number;
  cardNo?: string;
  employeeNoString?: string;
  name?: string;
  doorNo?: number;
}
