import { z } from 'zod';
import {
  CARD_LIST,
  CARD_MODE_NAMES,
  CARD_TYPES,
  FLOORS,
  GATE_TYPES,
  HOLDER_STATUSES,
  LADDER_SOURCE,
  LIFT_BANKS,
  LIFT_NODES,
} from '../access.ts';
import { LIMITS } from '../limits.ts';
import { msg } from '../messages/define.ts';
import { MAINLAND_PHONE } from '../patterns.ts';
import { entryValidity, idList, jsonList, optDate, optStr, paging, reqInt, reqStr, validityInOrder, withT } from './common.ts';

/**
 * Cards (001 §5 "Card form", §7 "Cards"): the card list of both screens, the add/edit
 * dialogs, the import, the download (door-unit assignment) dialog, the lift
 * configuration dialog and the door-unit card list.
 */

const enumField = <T extends string>(field: string, values: readonly T[]) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.trim() : v),
    z.enum(values as [T, ...T[]], {
      error: (iss) => (iss.input === undefined ? msg('v.choose', { field: `@${field}` }) : msg('v.invalid', { field: `@${field}` })),
    }),
  );
const optEnum = <T extends string>(field: string, values: readonly T[]) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(values as [T, ...T[]], { error: msg('v.invalid', { field: `@${field}` }) }).optional(),
  );
const oneOfInt = (field: string, values: readonly number[]) =>
  reqInt(field, true).refine((v) => values.includes(v), msg('v.invalid', { field: `@${field}` }));

/** Card number: required, at most 10 characters (001 §5). */
export const cardNoField = () => reqStr('f.card.cardid', LIMITS.cardNo);
/** Account of the holder: a valid mobile phone number (001 §5). */
export const cardAccountField = () => reqStr('f.account', 20).refine((v) => MAINLAND_PHONE.test(v), msg('v.phone'));
export const cardTypeField = () => enumField('f.card.type', CARD_TYPES);
export const cardModeField = () => enumField('f.card.mode', CARD_MODE_NAMES);
export const cardStatusField = () => enumField('f.card.status', HOLDER_STATUSES);

/** ismjtk: 1 gate (door) card list, 2 lift card list. */
const ismjtk = oneOfInt('f.card.ismjtk', Object.values(CARD_LIST));

export const CARD_SORTS = ['cardid', 'account', 'communityname', 'address', 'cardtype', 'cardmode', 'cardstatus'] as const;

/** List gate access cards / lift cards (001 §7 "Cards"). */
export const cardsPageInput = z.object({
  ...withT,
  ...paging(CARD_SORTS),
  ismjtk,
  cardid: optStr('f.card.cardid', 50),
  address: optStr('f.address', 200),
  account: optStr('f.account', 20),
  username: optStr('f.name', 50),
  communityName: optStr('f.community', 200),
  cardtype: optEnum('f.card.type', CARD_TYPES),
  cardmode: optEnum('f.card.mode', CARD_MODE_NAMES),
  cardstatus: optEnum('f.card.status', HOLDER_STATUSES),
  /** Cards issued (created) on or after this date / up to this date (001 §2 start and end date). */
  starttime: optDate('f.card.starttime'),
  endtime: optDate('f.card.endtime'),
});

/** One card by its row id (`id`, as the spec names it). */
export const cardRowIdInput = z.object({ ...withT, id: reqInt('f.id') });
/** Cards by their row ids. */
export const cardRowIdsInput = z.object({ ids: idList() });

/** Add dialog (gateAddForm). */
export const createCardInput = z.object({
  cardid: cardNoField(),
  communityId: reqInt('f.community', true),
  addressId: reqInt('f.card.household', true),
  account: cardAccountField(),
  cardtype: cardTypeField(),
  cardmode: cardModeField(),
  cardstatus: cardStatusField(),
});

/** Edit dialog (gateEditForm): card number and community are read-only and not accepted. */
export const updateCardInput = z.object({
  id: reqInt('f.id'),
  addressId: reqInt('f.card.household', true),
  account: cardAccountField(),
  cardtype: cardTypeField(),
  cardmode: cardModeField(),
  cardstatus: cardStatusField(),
});

/** Import: a community must be chosen first; ismjtk says which list's card types are allowed. */
export const cardImportInput = z.object({ communityID: reqInt('f.community', true), ismjtk });
/** One imported row: the household is its address text inside the chosen community. */
export const cardImportRow = z.object({
  cardid: cardNoField(),
  household: reqStr('f.card.household', LIMITS.address),
  account: cardAccountField(),
  cardtype: cardTypeField(),
  cardmode: cardModeField(),
  cardstatus: z.preprocess((v) => (v === '' || v === null || v === undefined ? 'enable' : v), cardStatusField()),
});

/** Download (door-unit assignment) info: the card and its community name (shown in the dialog). */
export const cardDownloadInfoInput = z.object({ ...withT, id: reqInt('f.id'), communityname: optStr('f.community', 200) });

/** One entry of agas: a door unit with its validity (001 §3 "Gate access to door unit entry"). */
export const gateEntryItem = z.object({ gateID: reqInt('f.card.gate', true), ...entryValidity('card') }).refine(...validityInOrder);

/** Save configuration: agas (JSON list of entries) + id. The list replaces the card's configured list. */
export const updateCardAddressInput = z.object({ id: reqInt('f.id'), agas: jsonList('f.card.agas', gateEntryItem) });

const source = oneOfInt('f.card.source', Object.values(LADDER_SOURCE));
export const ladderInfoInput = z.object({ ...withT, id: reqInt('f.id'), communityname: optStr('f.community', 200), source });

/** A blank lift field ('' / null) counts as not filled. */
const blank = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : v);
const optLiftInt = (field: string, values: readonly number[]) =>
  z.preprocess(
    (v) => {
      const b = blank(v);
      return b === undefined ? undefined : Number(b);
    },
    z
      .number({ error: msg('v.invalid', { field: `@${field}` }) })
      .refine((n) => values.includes(n), msg('v.invalid', { field: `@${field}` }))
      .optional(),
  );
const flag = z.preprocess((v) => (v === true || v === 1 || v === '1' ? 1 : 0), z.number());
const floorList = (field: string) =>
  z.preprocess(
    (v) => (v === null || v === undefined || v === '' ? [] : v),
    z
      .array(
        z.string().refine((f) => FLOORS.includes(f), msg('v.invalid', { field: `@${field}` })),
        { error: msg('v.invalid', { field: `@${field}` }) },
      )
      .max(FLOORS.length, msg('v.invalid', { field: `@${field}` })),
  );

/** One door unit of the lift configuration dialog (001 §3 "Ladder config item"). */
export const ladderItem = z.object({
  addressid: reqInt('f.card.gate', true),
  ResiLevel: z.preprocess(
    (v) => (blank(v) === undefined ? undefined : String(v)),
    z
      .string()
      .refine((f) => FLOORS.includes(f), msg('v.invalid', { field: '@f.ladder.resiLevel' }))
      .optional(),
  ),
  bank: optLiftInt('f.ladder.bank', LIFT_BANKS),
  node: optLiftInt('f.ladder.node', LIFT_NODES),
  GateType: optLiftInt('f.ladder.gateType', Object.values(GATE_TYPES)),
  isadmin: flag,
  isVilla: flag,
  FrontUnlockLevelList: floorList('f.ladder.front'),
  BackUnlockLevelList: floorList('f.ladder.back'),
});

/**
 * Save lift control: lcls (JSON list, one item per door unit of the dialog) + id + source.
 * The list is the holder's whole lift configuration: a door unit whose four fields are
 * all blank (or that is absent) has none.
 */
export const updateLadderInput = z.object({ id: reqInt('f.id'), source, lcls: jsonList('f.card.lcls', ladderItem) });

export const GATE_ACCESS_SORTS = [
  'cardid',
  'account',
  'address',
  'cardstatus',
  'cardtype',
  'cardmode',
  'validfrom',
  'validto',
  'info',
] as const;

/** Door-unit card list (/gm/card/{addressId}). */
export const gateAccessesPageInput = z.object({
  ...withT,
  ...paging(GATE_ACCESS_SORTS),
  addressId: reqInt('f.card.gate', true),
  cardid: optStr('f.card.cardid', 50),
  account: optStr('f.account', 20),
  address: optStr('f.address', 200),
  cardtype: optEnum('f.card.type', CARD_TYPES),
  cardstatus: optEnum('f.card.status', HOLDER_STATUSES),
  cardmode: optEnum('f.card.mode', CARD_MODE_NAMES),
  /** Entries valid from this date on (a date alone: 00:00:00). */
  validfrom: optDate('f.card.validfrom'),
  /** Entries valid until this date at the latest (a date alone: 23:59:59). */
  validto: optDate('f.card.validto'),
});

/** One door-unit entry (a card_gate row) by its id (`id`, as the spec names it): its delete and resend. */
export const gateEntryIdInput = z.object({ ...withT, id: reqInt('f.id') });

/** Edit of one door-unit entry: validity and note. */
export const updateGateAccessInput = z.object({ id: reqInt('f.id'), ...entryValidity('card') }).refine(...validityInOrder);
