import { deviceRoutes, poolRoutes } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, mutate, mutation } from '../../api/client.ts';

export const POOL_KEY = ['pool'] as const;
export const DEVICES_KEY = ['devices'] as const;
export const QR_DEVICES_KEY = ['qrDevices'] as const;

/** An enterprise user's own company, fetched by its registration number (001 §6). */
export const useOwnCompany = (regNo: string | undefined) =>
  useQuery({
    queryKey: ['ownCompany', regNo],
    queryFn: () => call(deviceRoutes.getCompanyByRegNo, { regNo }, { silent: true }),
    enabled: regNo !== undefined,
    retry: false,
  }).data;

/** Add or edit a device-pool entry (001 §2). */
export const savePoolEntry = (body: Record<string, unknown>, id?: number) =>
  id === undefined ? mutate(poolRoutes.addPool, body) : mutate(poolRoutes.updatePool, { ...body, id });
export const deletePoolEntry = (id: number) => mutate(poolRoutes.delPool, { ids: [id] });
export const insertDevice = mutation(deviceRoutes.insertDevice);
export const updateDevice = mutation(deviceRoutes.updateDevice);
export const changeSerial = mutation(deviceRoutes.changeSerial);
export const resyncDevice = (addressid: number) => mutate(deviceRoutes.resync, { addressid });
export const resetSecret = (addressid: number) => mutate(deviceRoutes.resetSecret, { addressid });
export const deleteDevice = (addressid: number) => mutate(deviceRoutes.delDevices, { ids: [addressid] });
