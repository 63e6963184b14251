import { datareqRoutes, type EventRetentionMode } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, mutate } from '../../api/client.ts';
import { getSession } from '../../session/store.ts';

export type Person = { account: string } | { addressId: number };

/** Whether the signed-in user's role may export a person's data or set the retention (the server checks again). */
export function mayManagePersonalData(): boolean {
  const access = datareqRoutes.getPersonSummary.access;
  const role = getSession()?.roleId;
  return typeof access === 'object' && role !== undefined && (access.roles ?? []).some((r) => r === role);
}

/** What the export of a person will hold (asked when the dialog opens). */
export const usePersonSummary = (p: Person | null) =>
  useQuery({ queryKey: ['personSummary', p], queryFn: () => call(datareqRoutes.getPersonSummary, p ?? {}), enabled: p !== null });

export const retentionKey = (communityId: number | undefined) => ['retention', communityId] as const;

export const useRetention = (communityId: number | undefined) =>
  useQuery({
    queryKey: retentionKey(communityId),
    queryFn: () => call(datareqRoutes.getRetention, { communityId }),
    enabled: communityId !== undefined,
  });

export const useRetentionPreview = (communityId: number | undefined) =>
  useQuery({
    queryKey: ['retentionPreview', communityId],
    queryFn: () => call(datareqRoutes.previewRetention, { communityId }),
    enabled: communityId !== undefined,
  });

export interface RetentionValues {
  faceDays: number;
  eventMonths: number;
  eventMode: EventRetentionMode;
  visitorDays: number;
}

export const saveRetention = (communityId: number, v: RetentionValues) => mutate(datareqRoutes.setRetention, { communityId, ...v });
