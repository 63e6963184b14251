import { ROUTES } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export const addressesKey = (communityId: number) => ['addresses', communityId] as const;
export const amtsKey = (addressId: number) => ['amts', addressId] as const;

export const useAddress = (id: number) =>
  useQuery({ queryKey: ['address', id], queryFn: () => call(ROUTES.address.getAddressByAddressId, { id }) });

/** Addresses a door unit may call, matching the typed text. */
export const useCalledAddresses = (communityId: number, text: string) =>
  useQuery({
    queryKey: ['calledAddrs', communityId, text],
    queryFn: () => call(ROUTES.address.searchCalledAddrs, { communityId, calledCode: text }),
  }).data ?? [];
