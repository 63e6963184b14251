import { empty } from '../schemas/common.ts';
import { defineRoutes, r } from './define.ts';

/** One community's figures on the overview (today = since midnight in the server's zone). */
export interface OverviewCommunity {
  communityId: number;
  communityName: string;
  unitsOnline: number;
  unitsTotal: number;
  /** Bound units with no command waiting for an answer (status 0 or 1). */
  unitsInSync: number;
  /** unitsInSync / unitsTotal in percent (100 when there are no units). */
  syncPercent: number;
  opensToday: number;
  refusedToday: number;
  openAlarms: number;
}

export interface FirmwareCount {
  firmware: string;
  units: number;
}

export interface Overview {
  communities: OverviewCommunity[];
  /** Bound units in scope by firmware version ('' = not reported yet). */
  firmware: FirmwareCount[];
}

/**
 * Live operations (docs/live-operations.md). `stream` is a Server-Sent Events stream
 * (text/event-stream, not the JSON envelope) of the kinds in contracts `live.ts`;
 * it sends only what the caller's menus and community scope allow.
 */
export const liveRoutes = defineRoutes('live', {
  stream: r<never>()({ method: 'GET', input: empty, access: 'session', kind: 'raw' }),
  getOverview: r<Overview>()({ method: 'GET', input: empty, access: { menus: ['overview'] } }),
  /** Open alerts in scope (the header's alarm bell): offline alarms not cleared, other alarms not acknowledged. */
  getOpenAlarmCount: r<{ count: number }>()({ method: 'GET', input: empty, access: { menus: ['eventlog.alarm'] } }),
});
