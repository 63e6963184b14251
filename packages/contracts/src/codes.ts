/**
 * Code and status value sets that lists show (tags, select filters) as well as the input schemas
 * that check them: their one home. They live here, not in schemas/, so a screen that shows a status
 * does not load zod and the schemas with it. (The device protocol's codes, the command and access
 * codes, are in devices.ts; a card's and face's kinds in access.ts.)
 */

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Clock-in status (001 §4): 0 abnormal (shown red), 1 normal. */
export const CLOCK_STATUS = { abnormal: 0, normal: 1 } as const;

/** Weekdays of a clock-in row (001 §3 "weektime"): 0 Sunday to 6 Saturday. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** Open types of the entrance report (001 §9): card 1, QR code 4, face 5. */
export const OPEN_TYPES = [1, 4, 5] as const;
export const ACCESS_RESULTS: readonly number[] = range(0, 9);
export const CARD_MODES: readonly number[] = range(0, 5);

/** Import type of a message (001 §4): 0 account, 1 address, 2 meter table, 3 device pool, 4 cards. */
export const MESSAGE_TYPES = [0, 1, 2, 3, 4, 5] as const;

/** Hardware support bit values (000 §3). */
export const HARDWARE = { face: 1, qrcode: 2, card: 4, password: 8 } as const;

/** Account state (000 §3). */
export const ACCOUNT_STATE = { inactive: 0, normal: 1, disabled: 2 } as const;

/** Address type (000 §3). */
export const ADDRESS_TYPE = { doorUnit: 0, householder: 1, managementCentre: 2 } as const;
export const ADDRESS_TYPES: readonly number[] = Object.values(ADDRESS_TYPE);

/** Community type: a residential project, or the company of an enterprise (cloud) user. */
export const COMMUNITY_TYPE = { project: 0, enterprise: 1 } as const;

/** Attendance rule (001 §3, §4): punch counts and modes. */
export const PUNCH_COUNTS = [2, 4, 6] as const;
export const RULE_VTYPE = { custom: 1, standard: 2 } as const;

/** The kinds the access review's unused list shows. */
export const UNUSED_KINDS = ['card', 'face'] as const;
export type UnusedKind = (typeof UNUSED_KINDS)[number];

/** An alarm's acknowledged filter: '0' pending, '1' done. */
export const ALARM_ACK_STATES = ['0', '1'] as const;
