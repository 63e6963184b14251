import { HARDWARE } from '@gatehouse/contracts';
import { ENTRY_LINK, GROUP_LINK } from './reach.ts';

/**
 * The kinds of credential a door unit holds, one descriptor each: its own door-unit entries
 * (table and holder column; none for a visitor QR code, which names its unit itself), its access
 * groups' link, its lift control column and the hardware bit a unit needs to take it. A vendor's
 * kind (fingerprint, PIN) is one more entry here with the tables it brings.
 */
export const HOLDER_KINDS = {
  card: {
    entries: ENTRY_LINK.card,
    groups: GROUP_LINK.card,
    lift: 'card_id',
    hardware: HARDWARE.card,
  },
  face: {
    entries: ENTRY_LINK.face,
    groups: GROUP_LINK.face,
    lift: 'face_id',
    hardware: HARDWARE.face,
  },
  qrcode: { entries: null, groups: GROUP_LINK.qrcode, lift: null, hardware: HARDWARE.qrcode },
} as const;

/** The stored_file kind of a face's photo (face/photos.ts writes and reads them; an erased face's go with it). */
export const FACE_FILE_KIND = 'face';

export type HolderKind = keyof typeof HOLDER_KINDS;
/** A kind with door-unit entries of its own (saved by `saveUnits`). */
export type EntryKind = { [K in HolderKind]: (typeof HOLDER_KINDS)[K]['entries'] extends null ? never : K }[HolderKind];
