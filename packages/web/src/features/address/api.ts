import { addressRoutes } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, mutate, mutation } from '../../api/client.ts';

export const addressesKey = (communityId: number) => ['addresses', communityId] as const;
export const amtsKey = (addressId: number) => ['amts', addressId] as const;

export const useAddress = (id: number) =>
  useQuery({ queryKey: ['address', id], queryFn: () => call(addressRoutes.getAddressByAddressId, { id }) });

/** Addresses a door unit may call, matching the typed text. */
export const useCalledAddresses = (communityId: number, text: string) =>
  useQuery({
    queryKey: ['calledAddrs', communityId, text],
    queryFn: () => call(addressRoutes.searchCalledAddrs, { communityId, calledCode: text }),
  }).data ?? [];

/** Add or edit an address (000 §5). */
export const saveAddress = (body: Record<string, unknown>, row?: { addressid: number }) =>
  row ? mutate(addressRoutes.updateAddr, { ...body, addressid: row.addressid }) : mutate(addressRoutes.create, body);
/** Add or edit a call code (000 §5). */
export const saveAmt = (v: { code: string; calledAddressID: number }, to: { amtid: number } | { callerAddressID: number }) =>
  'amtid' in to ? mutate(addressRoutes.updateAmt, { ...to, ...v }) : mutate(addressRoutes.createAmt, { ...to, ...v });
export const activateDevice = mutation(addressRoutes.activeDevice);
