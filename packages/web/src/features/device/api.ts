import { ROUTES } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export const POOL_KEY = ['pool'] as const;
export const DEVICES_KEY = ['devices'] as const;
export const QR_DEVICES_KEY = ['qrDevices'] as const;

/** An enterprise user's own company, fetched by its registration number (001 §6). */
export const useOwnCompany = (regNo: string | undefined) =>
  useQuery({
    queryKey: ['ownCompany', regNo],
    queryFn: () => call(ROUTES.device.getCompanyByRegNo, { regNo }, { silent: true }),
    enabled: regNo !== undefined,
    retry: false,
  }).data;
