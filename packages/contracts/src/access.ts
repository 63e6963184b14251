/**
 * Cards, faces and lift control (001 §3, §9): the enumerations shared by the card and
 * face areas, the lift-configuration dialog and the device simulator.
 */

/** Card types (001 §3). authcard appears in the door-unit view only. */
export const CARD_TYPES = ['authcard', 'accesscard', 'patrolcard', 'laddercard', 'accladdcard'] as const;
export type CardType = (typeof CARD_TYPES)[number];
/** Types offered on the gate (door) card list (ismjtk 1) and the lift card list (ismjtk 2). */
export const GATE_CARD_TYPES: readonly CardType[] = ['accesscard', 'patrolcard', 'accladdcard'];
export const LADDER_CARD_TYPES: readonly CardType[] = ['laddercard', 'accladdcard'];
/** Types a door unit's card list filters by (001 §2 "Door unit card list"). */
export const DOOR_UNIT_CARD_TYPES: readonly CardType[] = ['authcard', 'accesscard', 'patrolcard'];
/** ismjtk: which card list a query is for. */
export const CARD_LIST = { gate: 1, ladder: 2 } as const;

export const CARD_MODE_NAMES = ['ic', 'id'] as const;
export type CardModeName = (typeof CARD_MODE_NAMES)[number];

/** Card and face status (001 §4): enable is shown as valid, disable as invalid. */
export const HOLDER_STATUSES = ['enable', 'disable'] as const;
export type HolderStatus = (typeof HOLDER_STATUSES)[number];

/** Source of a lift configuration (ladder download info `source`). */
export const LADDER_SOURCE = { card: 0, face: 1 } as const;
export type LadderSource = (typeof LADDER_SOURCE)[keyof typeof LADDER_SOURCE];

/** Floor choices -8 to -1 and 00 to 55 (001 §3), as the strings the lift file carries. */
export const FLOORS: readonly string[] = [
  ...Array.from({ length: 8 }, (_, i) => String(i - 8)),
  ...Array.from({ length: 56 }, (_, i) => String(i).padStart(2, '0')),
];
/** Lift group (bank): 0–7 or 127 (all). */
export const LIFT_BANKS: readonly number[] = [0, 1, 2, 3, 4, 5, 6, 7, 127];
/** Lift number (node): 0–7, 15 (none), 127 (all). */
export const LIFT_NODES: readonly number[] = [0, 1, 2, 3, 4, 5, 6, 7, 15, 127];
/** Door type: front 0, back 1, front and back 2. */
export const GATE_TYPES = { front: 0, back: 1, both: 2 } as const;

/**
 * The lift control of one holder on one door unit (001 §3 "Ladder config item"), as the
 * dialog saves it, the card routes answer it and the lift file carries it.
 */
export interface LiftSetting {
  /** Resident floor (one of FLOORS). */
  ResiLevel: string;
  bank: number;
  node: number;
  GateType: number;
  isadmin: number;
  isVilla: number;
  FrontUnlockLevelList: string[];
  BackUnlockLevelList: string[];
}

/** Webcam capture size of the face dialog (001 §9). */
export const FACE_CAPTURE = { width: 480, height: 360 } as const;
