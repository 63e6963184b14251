import { commandRoutes } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, mutate } from '../../api/client.ts';

/** A command's details (payload, attempts, device answers). */
export const useCommandDetail = (id: number) =>
  useQuery({ queryKey: ['commandDetail', id], queryFn: () => call(commandRoutes.getDetailByCmdId, { id }), gcTime: 0 });
export const resendCommand = (id: number) => mutate(commandRoutes.redownload, { id });
