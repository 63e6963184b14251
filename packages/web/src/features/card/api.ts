import { CARD_MODE_NAMES, CARD_TYPES, type CardType, HOLDER_STATUSES, type MenuNode, ROUTES } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { tr } from '../../i18n/index.ts';
import { getSession } from '../../session/store.ts';

/** react-query keys of the card lists (ismjtk 1 gate, 2 lift) and of one door unit's card list. */
export const cardsKey = (ismjtk: number) => ['cards', ismjtk] as const;
export const doorUnitCardsKey = (addressId: number) => ['doorUnitCards', addressId] as const;

export const typeOptions = (types: readonly CardType[] = CARD_TYPES) => types.map((v) => ({ value: v, label: tr(`card.type.${v}`) }));
export const modeOptions = () => CARD_MODE_NAMES.map((v) => ({ value: v, label: tr(`card.mode.${v}`) }));
export const statusOptions = () => HOLDER_STATUSES.map((v) => ({ value: v, label: tr(`card.status.${v}`) }));

function holds(nodes: MenuNode[], keys: readonly string[]): boolean {
  return nodes.some((n) => keys.includes(n.key) || holds(n.children ?? [], keys));
}

/**
 * The accounts of a household (searchAccountsByResidentId) for users who may read
 * accounts; others type the phone (the server checks the menus again).
 */
export function useHouseholdAccounts(addressId: number | undefined) {
  const allowed = holds(getSession()?.menus ?? [], ['account', 'project.project']);
  return (
    useQuery({
      queryKey: ['householdAccounts', addressId],
      queryFn: () => call(ROUTES.account.searchAccountsByResidentId, { addressId }),
      enabled: allowed && addressId !== undefined,
      staleTime: 10_000,
    }).data ?? []
  );
}
