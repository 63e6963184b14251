import { qrcodeRoutes } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, mutation } from '../../api/client.ts';

/** A visitor QR code for a door unit (001 §2). */
export const createQrcode = mutation(qrcodeRoutes.createQrcode);

/** The access groups a code for this door unit may be given (its community's). */
export const useQrGroups = (addressRegNo: string) =>
  useQuery({ queryKey: ['qrGroups', addressRegNo], queryFn: () => call(qrcodeRoutes.getQrGroups, { addressRegNo }), staleTime: 0 });
