import { gmRoutes } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, mutate } from '../../api/client.ts';

/** Door units as options (the command list's filter). */
export const useGmOptions = () =>
  useQuery({ queryKey: ['gmOptions'], queryFn: () => call(gmRoutes.getGmOptions, {}), staleTime: 30_000 }).data ?? [];
/** Sends the lift-control file to a door unit again. */
export const refreshLadderFile = (addressid: number) => mutate(gmRoutes.updateALTFileByAddressId, { id: addressid });
