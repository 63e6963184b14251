import { rulesRoutes } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, mutate, mutation, upload } from '../../api/client.ts';
import { useListReload } from '../../shared/useListReload.ts';

const R = rulesRoutes;

/** Query keys of one community's rules (a save invalidates the community's keys). */
export const rulesKey = (communityId: number | undefined, what: string) => ['rules', communityId, what] as const;
/** The key above all of one community's rules. */
export const rulesOf = (communityId: number | undefined) => ['rules', communityId] as const;

/** Reloads everything of one community's rules (after a save, a delete or an import). */
export const useRulesReload = (communityId: number) => useListReload(rulesOf(communityId)).reload;

const useRulesQuery = <T>(communityId: number | undefined, what: string, fn: (id: number) => Promise<T>) =>
  useQuery({ queryKey: rulesKey(communityId, what), queryFn: () => fn(communityId as number), enabled: communityId !== undefined });

export const useSettings = (communityId: number | undefined) =>
  useRulesQuery(communityId, 'settings', (id) => call(R.getSettings, { communityId: id }));
export const useSchedules = (communityId: number | undefined) =>
  useRulesQuery(communityId, 'schedules', (id) => call(R.getSchedules, { communityId: id }));
export const useHolidays = (communityId: number | undefined) =>
  useRulesQuery(communityId, 'holidays', (id) => call(R.getHolidays, { communityId: id }));
/** A community's access groups; read again every 2 s while a big group's change is still being sent. */
export const useGroups = (communityId: number | undefined) =>
  useQuery({
    queryKey: rulesKey(communityId, 'groups'),
    queryFn: () => call(R.getGroups, { communityId: communityId as number }),
    enabled: communityId !== undefined,
    refetchInterval: (q) => (q.state.data?.some((g) => g.sending) ? 2000 : false),
  });
export const useDoorUnits = (communityId: number | undefined) =>
  useRulesQuery(communityId, 'units', (id) => call(R.getDoorUnits, { communityId: id }));

export const setTimeZone = mutation(R.setTimeZone);
export const saveSchedule = mutation(R.saveSchedule);
export const deleteSchedule = (id: number) => mutate(R.deleteSchedule, { id });
export const saveHoliday = mutation(R.saveHoliday);
export const deleteHoliday = (id: number) => mutate(R.deleteHoliday, { id });
export const importHolidays = upload(R.importHolidays);
export const saveGroup = mutation(R.saveGroup);
export const deleteGroup = (id: number) => mutate(R.deleteGroup, { id });

/** A group's members on its own page, and the community's cards and faces found to join it. */
export const groupMembersKey = (communityId: number, groupId: number) => [...rulesKey(communityId, 'members'), groupId] as const;
export const useGroupMembers = (communityId: number, groupId: number) =>
  useQuery({ queryKey: groupMembersKey(communityId, groupId), queryFn: () => call(R.getGroupMembers, { groupId }), staleTime: 0 });
export const useGroupCandidates = (groupId: number, text: string) =>
  useQuery({
    queryKey: ['groupCandidates', groupId, text],
    queryFn: () => call(R.findGroupCandidates, { groupId, text }),
    enabled: text.trim().length > 0,
  });
export const addGroupMembers = (groupId: number, cards: number[], faces: number[]) => mutate(R.addGroupMembers, { groupId, cards, faces });
export const removeGroupMembers = (groupId: number, cards: number[], faces: number[]) =>
  mutate(R.removeGroupMembers, { groupId, cards, faces });

/** A card's or face's groups (their door-unit dialogs), by its row id. */
export type Holder = 'card' | 'face';
export const useHolderGroups = (kind: Holder, rowId: number) =>
  useQuery({
    queryKey: ['holderGroups', kind, rowId],
    queryFn: () => (kind === 'card' ? call(R.getCardGroups, { cardRowId: rowId }) : call(R.getFaceGroups, { faceId: rowId })),
    staleTime: 0,
    gcTime: 0,
  });
export const setHolderGroups = (kind: Holder, rowId: number, groupIds: number[]) =>
  kind === 'card' ? mutate(R.setCardGroups, { cardRowId: rowId, groupIds }) : mutate(R.setFaceGroups, { faceId: rowId, groupIds });
