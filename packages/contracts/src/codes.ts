/**
 * Every code and status value set: the numbers and words a column stores and a list shows (tags,
 * select filters), which the input schemas check too. One home: a module that needs one imports it
 * from here (or `@gatehouse/contracts`), never retypes its values. They live here, not in schemas/,
 * so a screen that shows a status does not load zod and the schemas with it. Kinds that belong to
 * one subject stay with it (card types and credential statuses: access.ts; consent and erasure:
 * privacy.ts; alarm kinds: alarm.ts; unit kinds and protocol topics: devices.ts; live and webhook
 * kinds: live.ts, live-ops.ts).
 */

/** Hardware support bit values (000 §3). */
export const HARDWARE = { face: 1, qrcode: 2, card: 4, password: 8 } as const;

/** Account state (000 §3). */
export const ACCOUNT_STATE = { inactive: 0, normal: 1, disabled: 2 } as const;

/** Address type (000 §3). */
export const ADDRESS_TYPE = { doorUnit: 0, householder: 1, managementCentre: 2 } as const;
/** Every address type, as the address schemas check them. */
export const ADDRESS_TYPES: readonly number[] = Object.values(ADDRESS_TYPE);

/** Community type: a residential project, or the company of an enterprise (cloud) user. */
export const COMMUNITY_TYPE = { project: 0, enterprise: 1 } as const;

/** Attendance rule (001 §3, §4): punch counts and modes. */
export const PUNCH_COUNTS = [2, 4, 6] as const;
export const RULE_VTYPE = { custom: 1, standard: 2 } as const;

/** Command status (001 §4). */
export const CMD_STATUS = { notSent: 0, sent: 1, success: 2, failed: 3, cancelled: 4 } as const;
export type CmdStatus = (typeof CMD_STATUS)[keyof typeof CMD_STATUS];
export const CMD_STATUSES: readonly CmdStatus[] = [0, 1, 2, 3, 4];

/** Command type (001 §4). */
export const CMD_TYPE = { card: 0, face: 1, other: 2, ladder: 3 } as const;
export type CmdType = (typeof CMD_TYPE)[keyof typeof CMD_TYPE];
export const CMD_TYPES: readonly CmdType[] = [0, 1, 2, 3];

/** The statuses of a pending command: not sent, or sent and not answered (devices/sync-state.ts says what "in sync" is). */
export const PENDING_CMD_STATUSES = [CMD_STATUS.notSent, CMD_STATUS.sent] as const;

/** Access event type (also the open type of the entrance report: card 1, QR code 4, face 5). */
export const ACCESS_TYPE = {
  card: 1,
  password: 2,
  remote: 3,
  qrcode: 4,
  face: 5,
  callUnlock: 6,
  exitButton: 7,
  forcedOpen: 10,
  leftOpen: 11,
  tamper: 12,
  invalidCard: 13,
  invalidQr: 14,
  unknownFace: 15,
  duress: 16,
  lowBattery: 17,
} as const;
export const ACCESS_TYPES: readonly number[] = Object.values(ACCESS_TYPE);

/** Access event result (0 to 9). */
export const ACCESS_RESULT = {
  ok: 0,
  unknown: 1,
  expired: 2,
  notYetValid: 3,
  disabled: 4,
  usedUp: 5,
  badSignature: 6,
  wrongDevice: 7,
  doorFault: 8,
  other: 9,
} as const;

/**
 * Why a unit refused an open that its credential table allows otherwise (access rules, or
 * an emergency lockdown): sent with result 9 (other) as `reason` of the access event, shown in the access log.
 * `revoked`: a visitor QR code withdrawn by `qr.revoke`, sent with result 4 (disabled).
 */
export const ACCESS_REFUSAL = { schedule: 'schedule', holiday: 'holiday', lockdown: 'lockdown', revoked: 'revoked' } as const;
export type AccessRefusal = (typeof ACCESS_REFUSAL)[keyof typeof ACCESS_REFUSAL];
export const ACCESS_REFUSALS: readonly AccessRefusal[] = ['schedule', 'holiday', 'lockdown', 'revoked'];

/** Card mode of an access event (card property 0 to 5). */
export const CARD_MODE = { none: 0, ic: 1, id: 2, cpu: 3, nfc: 4, other: 5 } as const;

/** Usage event kinds stored for statistics. */
export const USAGE_KIND = { call: 1, monitor: 2 } as const;

/** Clock-in status (001 §4): 0 abnormal (shown red), 1 normal. */
export const CLOCK_STATUS = { abnormal: 0, normal: 1 } as const;

/** Weekdays of a clock-in row (001 §3 "weektime"): 0 Sunday to 6 Saturday. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** Open types of the entrance report (001 §9): card 1, QR code 4, face 5. */
export const OPEN_TYPES = [ACCESS_TYPE.card, ACCESS_TYPE.qrcode, ACCESS_TYPE.face] as const;
export const ACCESS_RESULTS: readonly number[] = Object.values(ACCESS_RESULT);
export const CARD_MODES: readonly number[] = Object.values(CARD_MODE);

/** Import type of a message (001 §4): 0 account, 1 address, 2 meter table, 3 device pool, 4 cards. */
export const MESSAGE_TYPES = [0, 1, 2, 3, 4, 5] as const;

/** Statistics granularity (001 §7): 1 by month, 2 by day. */
export const TIME_OPTION = { month: 1, day: 2 } as const;
export type TimeOption = (typeof TIME_OPTION)[keyof typeof TIME_OPTION];

/** Delivery states: waiting (first try or a retry), delivered, given up (a day of failures), cancelled (webhook disabled or deleted). */
export const DELIVERY_STATUS = { pending: 0, delivered: 1, failed: 2, cancelled: 3 } as const;
export type DeliveryStatus = (typeof DELIVERY_STATUS)[keyof typeof DELIVERY_STATUS];
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = [0, 1, 2, 3];

/** The kinds the access review's unused list shows. */
export const UNUSED_KINDS = ['card', 'face'] as const;
export type UnusedKind = (typeof UNUSED_KINDS)[number];

/** An alarm's acknowledged filter: '0' pending, '1' done. */
export const ALARM_ACK_STATES = ['0', '1'] as const;
