import { liveRoutes } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export const OVERVIEW_KEY = ['overview'] as const;

/** The overview's figures (one aggregate call). */
export const useOverview = () => useQuery({ queryKey: OVERVIEW_KEY, queryFn: () => call(liveRoutes.getOverview) });
