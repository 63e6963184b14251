import { attendanceRoutes, type AttendanceRule, communityRoutes } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, mutation } from '../../api/client.ts';
import type { ListParams } from '../../shared/ListPage.tsx';

export const COMPANIES_KEY = ['attendance', 'companies'] as const;
export const ruleKey = (communityId: number) => ['attendance', 'rule', communityId] as const;

/** The company's rule as saved (default mode when none). */
export const useRule = (communityId: number) =>
  useQuery({ queryKey: ruleKey(communityId), queryFn: () => call(communityRoutes.getCommunityRule, { communityId }), staleTime: 0 });

export const fetchWorklist = (communityId: number, p: ListParams) => call(attendanceRoutes.getAccessWorklistByPage, { ...p, communityId });

/** The times of a rule as the server stores them (HH:mm:ss), only those its mode and punch count keep. */
export function storedShape(
  r: Pick<AttendanceRule, 'vtype' | 'type' | 'starttime' | 'endtime' | 'mstarttime' | 'mendtime' | 'pstarttime' | 'pendtime'>,
) {
  const full = (v: string | undefined) => (v ? (v.length === 5 ? `${v}:00` : v) : '');
  const custom = r.vtype === 1;
  const count = custom ? r.type : 0;
  return {
    vtype: r.vtype,
    type: count,
    starttime: custom ? full(r.starttime) : '',
    endtime: custom ? full(r.endtime) : '',
    mstarttime: count >= 4 ? full(r.mstarttime) : '',
    mendtime: count >= 4 ? full(r.mendtime) : '',
    pstarttime: count >= 6 ? full(r.pstarttime) : '',
    pendtime: count >= 6 ? full(r.pendtime) : '',
  };
}

/** True when saving would change nothing (the dialog then shows success without a call, 001 §4). */
export const sameRule = (a: Parameters<typeof storedShape>[0], b: Parameters<typeof storedShape>[0]): boolean =>
  JSON.stringify(storedShape(a)) === JSON.stringify(storedShape(b));

export const saveRule = mutation(communityRoutes.createCommunityRule);
