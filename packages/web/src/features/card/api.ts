import { CARD_MODE_NAMES, CARD_TYPES, cardRoutes, type CardType } from '@gatehouse/contracts';
import { tr } from '../../i18n/index.ts';
import { CARD_STATUSES } from '../../shared/statuses.ts';
import { enumOptions } from '../../shared/valueEnum.tsx';
import { mutate, mutation } from '../../api/client.ts';

/** react-query keys of the card lists (ismjtk 1 gate, 2 lift) and of one door unit's card list. */
export const cardsKey = (ismjtk: number) => ['cards', ismjtk] as const;
export const doorUnitCardsKey = (addressId: number) => ['doorUnitCards', addressId] as const;

export const typeOptions = (types: readonly CardType[] = CARD_TYPES) => types.map((v) => ({ value: v, label: tr(`card.type.${v}`) }));
export const modeOptions = () => CARD_MODE_NAMES.map((v) => ({ value: v, label: tr(`card.mode.${v}`) }));
export const statusOptions = () => enumOptions(CARD_STATUSES, tr);

export const createCard = mutation(cardRoutes.createCard);
export const updateCard = mutation(cardRoutes.updateCard);

/** One door unit's cards: the validity edit, delete and resend of an entry. */
export const saveDoorUnitCard = mutation(cardRoutes.updateGateAccessAddressByAddressId);
/** A card's entry on a door unit, by the entry's id (a card_gate row, not the card). */
export const deleteDoorUnitCard = (entryId: number) => mutate(cardRoutes.delGateAccessAddressById, { id: entryId });
export const resendDoorUnitCard = (entryId: number) => mutate(cardRoutes.updateRedownload, { id: entryId });
