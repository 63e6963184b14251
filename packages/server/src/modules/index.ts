import type { Registered } from '../http/route.ts';
import { accountHandlers } from './account/routes.ts';
import { addressHandlers } from './address/routes.ts';
import { alarmHandlers } from './alarm/routes.ts';
import { attendanceHandlers } from './attendance/routes.ts';
import { cardHandlers } from './card/routes.ts';
import { commandHandlers } from './command/routes.ts';
import { communityHandlers } from './community/routes.ts';
import { deviceHandlers } from './device/routes.ts';
import { eventlogHandlers } from './eventlog/routes.ts';
import { faceHandlers } from './face/routes.ts';
import { gmHandlers } from './gm/routes.ts';
import { messageHandlers } from './message/routes.ts';
import { noticeHandlers } from './notice/routes.ts';
import { oplogHandlers } from './oplog/routes.ts';
import { sessionHandlers } from './session/routes.ts';
import { statisticsHandlers } from './statistics/routes.ts';
import { totpHandlers } from './session/totp-routes.ts';

/** Every module's handlers. Areas add theirs here. */
export const MODULE_HANDLERS: Registered[] = [
  ...messageHandlers,
  ...noticeHandlers,
  ...eventlogHandlers,
  ...attendanceHandlers,
  ...cardHandlers,
  ...faceHandlers,
  ...oplogHandlers,...sessionHandlers, ...accountHandlers, ...communityHandlers, ...deviceHandlers, ...gmHandlers, ...commandHandlers, ...addressHandlers, ...statisticsHandlers, ...totpHandlers, ...alarmHandlers];
