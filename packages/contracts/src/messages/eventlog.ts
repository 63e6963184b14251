import { defineMessages } from './define.ts';
import catalogue from './eventlog.json' with { type: 'json' };

/**
 * Access event log, entrance report and visitor QR records (001 §3, §7, §9).
 *
 * Label decision (001 §9 gives only the ranges): the numbers follow ACCESS_TYPE,
 * ACCESS_RESULT and CARD_MODE of `devices.ts`, which the door units send. Types 1-7 are
 * ways a door was opened (card, password, remote, QR code, face, call unlock, exit
 * button; 1, 4 and 5 are also the entrance report's open types); 10-17 are alarms and
 * refusals. Results: 0 success, 1-7 reasons a credential was refused, 8 door fault,
 * 9 other. Card properties: 0 none (no card), then the card technology.
 */
export const eventlogMessages = defineMessages(catalogue);
