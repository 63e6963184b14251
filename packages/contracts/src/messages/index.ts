import { addressMessages } from './address.ts';
import { alarmMessages } from './alarm.ts';
import { accountMessages } from './account.ts';
import { cardMessages } from './card.ts';
import { attendanceMessages } from './attendance.ts';
import { commonMessages } from './common.ts';
import { communityMessages } from './community.ts';
import type { Catalogue } from './define.ts';
import { deviceMessages } from './device.ts';
import { eventlogMessages } from './eventlog.ts';
import { faceMessages } from './face.ts';
import { fieldMessages } from './fields.ts';
import { importMessages } from './imports.ts';
import { menuMessages } from './menus.ts';
import { messageMessages } from './message.ts';
import { mqttMessages } from './mqtt.ts';
import { noticeMessages } from './notice.ts';
import { oplogMessages } from './oplog.ts';
import { roleMessages } from './roles.ts';
import { reviewMessages } from './review.ts';
import { datareqMessages } from './datareq.ts';
import { privacyMessages } from './privacy.ts';
import { rulesMessages } from './rules.ts';
import { sessionMessages } from './session.ts';
import { statisticsMessages } from './statistics.ts';
import { totpMessages } from './totp.ts';
import { liveOpsMessages } from './live-ops.ts';

export * from './define.ts';

/** Every server message, by key, in the three languages. Areas add their file here. */
export const MESSAGES: Catalogue = {
  ...commonMessages,
  ...fieldMessages,
  ...roleMessages,
  ...menuMessages,
  ...sessionMessages,
  ...deviceMessages,
  ...importMessages,
  ...messageMessages,
  ...noticeMessages,
  ...oplogMessages,
  ...accountMessages,
  ...communityMessages,
  ...addressMessages,
  ...cardMessages,
  ...eventlogMessages,
  ...statisticsMessages,
  ...attendanceMessages,
  ...faceMessages,
  ...totpMessages,
  ...alarmMessages,
  ...reviewMessages,
  ...privacyMessages,
  ...liveOpsMessages,
  ...mqttMessages,
  ...rulesMessages,
  ...datareqMessages,
};
