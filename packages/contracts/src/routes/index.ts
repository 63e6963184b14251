import { accountRoutes } from './account.ts';
import { alarmRoutes } from './alarm.ts';
import { rulesRoutes } from './rules.ts';
import { attendanceRoutes } from './attendance.ts';
import { addressRoutes } from './address.ts';
import { cardRoutes } from './card.ts';
import { communityRoutes } from './community.ts';
import type { RouteDef } from './define.ts';
import { eventlogRoutes } from './eventlog.ts';
import { faceRoutes } from './face.ts';
import { messageRoutes } from './message.ts';
import { mqttRoutes } from './mqtt.ts';
import { noticeRoutes } from './notice.ts';
import { oplogRoutes } from './oplog.ts';
import { commandRoutes, deviceRoutes, gmRoutes, poolRoutes, qrcodeRoutes } from './device.ts';
import { logoutRoutes, roleRoutes, sessionRoutes } from './session.ts';
import { reviewRoutes } from './review.ts';
import { datareqRoutes } from './datareq.ts';
import { privacyRoutes } from './privacy.ts';
import { statisticsRoutes } from './statistics.ts';
import { doorRoutes, emergencyRoutes, webhookRoutes } from './live-ops.ts';
import { totpRoutes } from './totp.ts';
import { liveRoutes } from './live.ts';

export * from './define.ts';
export * from './imports.ts';
export * from './message.ts';
export * from './notice.ts';
export * from './oplog.ts';
export * from './session.ts';
export * from './account.ts';
export * from './community.ts';
export * from './address.ts';
export * from './card.ts';
export * from './lookups.ts';
export * from './device.ts';
export * from './eventlog.ts';
export * from './statistics.ts';
export * from './attendance.ts';
export * from './face.ts';
export * from './totp.ts';
export * from './alarm.ts';
export * from './review.ts';
export * from './privacy.ts';
export * from './live-ops.ts';
export * from './live.ts';
export * from './mqtt.ts';
export * from './rules.ts';
export * from './datareq.ts';

/** The route table: every call of the API. Areas add their module here. */
export const ROUTES = {
  message: messageRoutes,
  notice: noticeRoutes,
  oplog: oplogRoutes,
  session: sessionRoutes,
  logout: logoutRoutes,
  role: roleRoutes,
  account: accountRoutes,
  community: communityRoutes,
  pool: poolRoutes,
  device: deviceRoutes,
  qrcode: qrcodeRoutes,
  gm: gmRoutes,
  command: commandRoutes,
  address: addressRoutes,
  card: cardRoutes,
  eventlog: eventlogRoutes,
  statistics: statisticsRoutes,
  face: faceRoutes,
  attendance: attendanceRoutes,
  totp: totpRoutes,
  alarm: alarmRoutes,
  review: reviewRoutes,
  privacy: privacyRoutes,
  emergency: emergencyRoutes,
  door: doorRoutes,
  webhook: webhookRoutes,
  live: liveRoutes,
  mqtt: mqttRoutes,
  rules: rulesRoutes,
  datareq: datareqRoutes,
};

export const allRoutes = (): RouteDef[] => Object.values(ROUTES).flatMap((m) => Object.values(m) as RouteDef[]);
