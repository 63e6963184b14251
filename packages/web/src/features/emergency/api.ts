import { ADDRESS_TYPE, addressRoutes, doorRoutes, emergencyRoutes, LIMITS } from '@gatehouse/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callFull, mutation } from '../../api/client.ts';
import { notifier } from '../../api/notify.ts';

export const EMERGENCY_KEY = ['emergencyActive'] as const;

/**
 * The emergency modes in force in the caller's communities: fetched once, refreshed with
 * the bell's cadence (LIMITS.messagePollMs) and right after a mode is set or lifted. The one
 * place that knows how the banner learns about modes (a live stream can replace the polling here).
 */
export const useEmergencyModes = () =>
  useQuery({
    queryKey: EMERGENCY_KEY,
    queryFn: () => call(emergencyRoutes.getActive, {}, { silent: true }),
    refetchInterval: LIMITS.messagePollMs,
    refetchIntervalInBackground: true,
  }).data ?? [];

/** Refreshes the banner now (after a change). */
export const useEmergencyRefresh = () => {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: EMERGENCY_KEY });
};

/** Door units of a community (the emergency dialog's optional target). */
export const useDoorUnits = (communityId: number | undefined) =>
  (
    useQuery({
      queryKey: ['doorUnitsOf', communityId],
      queryFn: () => call(addressRoutes.getAddressByCommId, { communityId, type: ADDRESS_TYPE.doorUnit }),
      enabled: !!communityId,
    }).data ?? []
  ).filter((a) => a.type === ADDRESS_TYPE.doorUnit);

export const setEmergencyMode = mutation(emergencyRoutes.setMode);
export const liftEmergencyMode = mutation(emergencyRoutes.lift);
/** Opens a door now: the unit's answer is toasted (success when it opened, an error otherwise) and answered. */
export async function openDoor(addressId: number) {
  const a = await callFull(doorRoutes.open, { addressId });
  const text = a.msgs[0] ?? '';
  if (a.content.result === 'opened') notifier().success(text);
  else notifier().error(text);
  return a.content;
}
