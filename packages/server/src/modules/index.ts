import { accountArea } from './account/index.ts';
import { addressArea } from './address/index.ts';
import { alarmArea } from './alarm/index.ts';
import type { Area } from './area.ts';
import { attendanceArea } from './attendance/index.ts';
import { cardArea } from './card/index.ts';
import { commandArea } from './command/index.ts';
import { datareqArea } from './datareq/index.ts';
import { communityArea } from './community/index.ts';
import { deviceArea } from './device/index.ts';
import { emergencyArea } from './emergency/index.ts';
import { eventlogArea } from './eventlog/index.ts';
import { faceArea } from './face/index.ts';
import { gmArea } from './gm/index.ts';
import { holderArea } from './holder/index.ts';
import { messageArea } from './message/index.ts';
import { mqttArea } from './mqtt/index.ts';
import { noticeArea } from './notice/index.ts';
import { reviewArea } from './review/index.ts';
import { privacyArea } from './privacy/index.ts';
import { oplogArea } from './oplog/index.ts';
import { rulesArea } from './rules/index.ts';
import { sessionArea } from './session/index.ts';
import { statisticsArea } from './statistics/index.ts';
import { webhookArea } from './webhook/index.ts';
import { overviewArea } from './overview/index.ts';

/**
 * Every business area, in the order their contributions are used: a door unit's
 * configuration applies call codes, then cards, faces and withdrawn QR codes (the holder area); a refused deletion names
 * accounts, devices, call codes, cards, faces. Areas add themselves here.
 */
export const AREAS: readonly Area[] = [
  sessionArea,
  accountArea,
  communityArea,
  deviceArea,
  addressArea,
  cardArea,
  faceArea,
  holderArea,
  gmArea,
  commandArea,
  eventlogArea,
  alarmArea,
  attendanceArea,
  messageArea,
  noticeArea,
  oplogArea,
  statisticsArea,
  reviewArea,
  emergencyArea,
  webhookArea,
  overviewArea,
  mqttArea,
  rulesArea,
  datareqArea,
  privacyArea,
];
