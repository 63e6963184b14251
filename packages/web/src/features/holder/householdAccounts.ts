import { ROUTES } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { mayCall } from '../../session/access.ts';

/**
 * The accounts of a household (searchAccountsByResidentId) for the card and face
 * dialogs; users whose menus do not allow it get none and type the phone instead.
 */
export function useHouseholdAccounts(addressId: number | undefined) {
  const route = ROUTES.account.searchAccountsByResidentId;
  return (
    useQuery({
      queryKey: ['householdAccounts', addressId],
      queryFn: () => call(route, { addressId }),
      enabled: addressId !== undefined && mayCall(route.access),
      staleTime: 10_000,
    }).data ?? []
  );
}
