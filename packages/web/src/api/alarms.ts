import { liveRoutes } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from './client.ts';

export const OPEN_ALARMS_KEY = ['openAlarmCount'] as const;

/** Open alerts in scope (the header's alarm bell); refreshed by live alarm events, not polled. */
export const useOpenAlarmCount = (enabled: boolean) =>
  useQuery({ queryKey: OPEN_ALARMS_KEY, queryFn: () => call(liveRoutes.getOpenAlarmCount, {}, { silent: true }), enabled });
