import { ROUTES } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, mutate, mutation } from '../../api/client.ts';

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

/** Add or edit a device-pool entry (001 §2). */
export const savePoolEntry = (body: Record<string, unknown>, id?: number) =>
  id === undefined ? mutate(ROUTES.pool.addPool, body) : mutate(ROUTES.pool.updatePool, { ...body, id });
export const deletePoolEntry = (id: number) => mutate(ROUTES.pool.delPool, { ids: [id] });
export const insertDevice = mutation(ROUTES.device.insertDevice);
export const updateDevice = mutation(ROUTES.device.updateDevice);
export const changeSerial = mutation(ROUTES.device.changeSerial);
export const resyncDevice = (addressid: number) => mutate(ROUTES.device.resync, { addressid });
export const resetSecret = (addressid: number) => mutate(ROUTES.device.resetSecret, { addressid });
export const deleteDevice = (addressid: number) => mutate(ROUTES.device.delDevices, { ids: [addressid] });
