/**
 * Code and status value sets that lists show (tags, select filters) as well as the input schemas
 * that check them. They live here, not in schemas/, so a screen that shows a status does not load
 * zod and the schemas with it.
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
