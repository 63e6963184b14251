import {
  ACCESS_RESULTS,
  ACCOUNT_STATE,
  CLOCK_STATUS,
  CMD_STATUSES,
  HOLDER_STATUSES,
  MESSAGE_TYPES,
  UNIT_KINDS,
} from '@gatehouse/contracts';
import { valueEnum } from './valueEnum.tsx';

/**
 * Every status shown as a tag, declared once: values (contracts), label keys, colours.
 * Tags, list filters and dialog selects read these.
 */

/** Account state (000 §4): inactive warning, normal success, disabled danger. */
export const ACCOUNT_STATES = valueEnum(
  [ACCOUNT_STATE.inactive, ACCOUNT_STATE.normal, ACCOUNT_STATE.disabled] as const,
  (s) => `account.state.${s}`,
  (s) => (['warning', 'success', 'error'] as const)[s],
);

/** Card status (001 §2). */
export const CARD_STATUSES = valueEnum(
  HOLDER_STATUSES,
  (s) => `card.status.${s}`,
  (s) => (s === 'enable' ? 'success' : undefined),
);

/** Face status (001 §2). */
export const FACE_STATUSES = valueEnum(
  HOLDER_STATUSES,
  (s) => `ui.face.status.${s}`,
  (s) => (s === 'enable' ? 'green' : undefined),
);

/** Device command status (001 §4): not sent, sent, success, failed, cancelled. */
export const COMMAND_STATUSES = valueEnum(
  CMD_STATUSES,
  (s) => `cmd.status.${s}`,
  (s) => (['default', 'processing', 'success', 'error', 'warning'] as const)[s],
);

/** Access result (001 §2 access log): 0 succeeded, every other code a refusal. */
export const ACCESS_RESULT = valueEnum(
  ACCESS_RESULTS,
  (r) => `eventlog.result.${r}`,
  (r) => (r === 0 ? 'green' : 'red'),
);

/** Clock-in status of a day (001 §2 attendance): normal first. */
export const CLOCK_STATUSES = valueEnum(
  [CLOCK_STATUS.normal, CLOCK_STATUS.abnormal],
  (s) => `ui.att.status.${s}`,
  (s) => (s === CLOCK_STATUS.normal ? 'green' : 'red'),
);

/** Import-history message type (001 §5 "Messages"). */
export const MESSAGE_TYPE = valueEnum(MESSAGE_TYPES, (v) => `message.type.${v}`);

/** A yes/no choice (single-family address, ...): 1 yes, 0 no. */
export const YES_NO = valueEnum([1, 0] as const, (v) => (v ? 'ui.yes' : 'ui.no'));

/** The kinds of door unit (UNIT_KINDS, issue 33), named by the server catalogue: the pool, device and command lists show and filter them. */
export const UNIT_KIND_ENUM = valueEnum(
  UNIT_KINDS,
  (k) => `unitKind.${k}`,
  (k) => (k === 'hik-isapi' ? 'blue' : k === 'zk-push' ? 'purple' : undefined),
);
