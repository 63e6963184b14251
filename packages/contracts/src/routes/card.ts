import type { CardModeName, CardType, HolderStatus, LiftSetting } from '../access.ts';
import type { Deleted, Page } from '../envelope.ts';
import { empty } from '../schemas/common.ts';
import {
  cardDownloadInfoInput,
  cardRowIdInput,
  cardRowIdsInput,
  cardImportInput,
  cardsPageInput,
  gateEntryIdInput,
  createCardInput,
  gateAccessesPageInput,
  ladderInfoInput,
  updateCardAddressInput,
  updateCardInput,
  updateGateAccessInput,
  updateLadderInput,
} from '../schemas/card.ts';
import { defineRoutes, r } from './define.ts';
import type { ImportReport } from './imports.ts';
import type { DoorUnitOption, Option } from './session.ts';

export * from '../schemas/card.ts';

/** A gate access or lift card (001 §3 "Gate access card"). */
export interface CardRow {
  id: number;
  cardid: string;
  account: string;
  username: string;
  communityname: string;
  communityId: number;
  /** The household address. */
  address: string;
  addressId: number;
  cardtype: CardType;
  cardmode: CardModeName;
  cardstatus: HolderStatus;
  isVilla: number;
  /** How many door units the card is configured on. */
  gateCount: number;
}

/** A card configured on a door unit (001 §3 "Gate access to door unit entry"). */
export interface GateAccessEntry {
  id: number;
  /** The door unit (address id). */
  gateID: number;
  /** The card (card row id). */
  gateAccessID: number;
  validfrom: string;
  validto: string;
  info: string;
  /** The door unit's address. */
  address: string;
  isVilla: number;
}

/** Download info (001 §3): door units of the card's community with a card reader, what is configured, the default validity. */
export interface CardDownloadInfo {
  allGms: DoorUnitOption[];
  configured: GateAccessEntry[];
  /** Default valid-from: now (yyyy/MM/dd HH:mm:ss). */
  now: string;
  /** Default valid-to: now plus LIMITS.cardValidityYears. */
  after: string;
  /** True when the delete-all button is hidden (nothing configured, or a single-family entry that cannot be removed). */
  deletAll: boolean;
}

/** The lift control of one holder on one door unit as the dialog saves it (an item of `lcls`). */
export interface LadderItem extends LiftSetting {
  addressid: number;
}

/** Lift control of one holder on one door unit, with the unit's address (001 §3 "Ladder config item"). */
export interface LadderConfigItem extends LadderItem {
  address: string;
}

/** Ladder download info: the door units of the holder's community and its saved lift control. */
export interface LadderDownloadInfo {
  allGms: Option[];
  configured: LadderConfigItem[];
  /** The holder (card or face) the dialog is for. */
  holder: { id: number; source: number; account: string; cardid: string; address: string; communityname: string };
}

/** A card on one door unit (/gm/card/{addressId}): the entry id with the card's fields. */
export interface DoorUnitCardRow {
  /** The entry (card_gate) id: edit, delete and resend take it. */
  id: number;
  /** The card (its row id). */
  cardRowId: number;
  cardid: string;
  account: string;
  username: string;
  /** The household address of the card. */
  address: string;
  cardstatus: HolderStatus;
  cardtype: CardType;
  cardmode: CardModeName;
  validfrom: string;
  validto: string;
  info: string;
  isVilla: number;
}

export type CardImportReport = ImportReport;

/** Both card screens; the service checks the list's own menu (gate: access.gate, lift: access.ladder). */
const cards = { menus: ['access.gate', 'access.ladder'] } as const;
/** Lift control: cards from either card screen, faces (source 1) from face management. */
const ladder = { menus: ['access.gate', 'access.ladder', 'access.faceid'] } as const;
const gm = { menus: ['access.gm'] } as const;

/** Cards (001 §7 "Cards"). */
export const cardRoutes = defineRoutes('card', {
  /** Card list of /access/gate (ismjtk 1) and /access/ladder (ismjtk 2). */
  getGateAccessesPage: r<Page<CardRow>>()({ method: 'GET', input: cardsPageInput, access: cards }),
  getCardById: r<CardRow>()({ method: 'GET', input: cardRowIdInput, access: cards }),
  createCard: r<CardRow>()({ method: 'POST', input: createCardInput, access: cards }),
  updateCard: r<CardRow>()({ method: 'POST', input: updateCardInput, access: cards }),
  batchDel: r<Deleted>()({ method: 'POST', input: cardRowIdsInput, access: cards }),
  uploadCardFile: r<CardImportReport>()({ method: 'POST', input: cardImportInput, access: cards, kind: 'multipart' }),
  cardTemplate: r<never>()({ method: 'GET', input: empty, access: cards, kind: 'raw' }),
  getCardAddressDownloadInfo: r<CardDownloadInfo>()({ method: 'GET', input: cardDownloadInfoInput, access: cards }),
  updateCardAddressInfo: r<{ queued: number }>()({ method: 'POST', input: updateCardAddressInput, access: cards }),
  getLadderDownloadInfo: r<LadderDownloadInfo>()({ method: 'GET', input: ladderInfoInput, access: ladder }),
  updateLadderControl: r<{ queued: number }>()({ method: 'POST', input: updateLadderInput, access: ladder }),
  /** Door-unit card list (/gm/card/{addressId}). */
  getGateAccessesByAddressId: r<Page<DoorUnitCardRow>>()({ method: 'GET', input: gateAccessesPageInput, access: gm }),
  updateGateAccessAddressByAddressId: r<DoorUnitCardRow>()({ method: 'POST', input: updateGateAccessInput, access: gm }),
  delGateAccessAddressById: r<null>()({ method: 'POST', input: gateEntryIdInput, access: gm }),
  updateRedownload: r<{ queued: number }>()({ method: 'POST', input: gateEntryIdInput, access: gm }),
});
