import { accountRoutes, cardRoutes, faceRoutes, type LadderSource } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, callFull } from '../../api/client.ts';
import { mayCall } from '../../session/access.ts';
import type { LadderItem } from './ladderDraft.ts';

/** Door-unit assignments and lift configuration of a card or a face (their list's "download" and "set"). */
type DoorEntryInput = { gateID: number; validfrom: string; validto: string; info: string };
const doorEntries = (entries: DoorEntryInput[]) =>
  JSON.stringify(entries.map((e) => ({ gateID: e.gateID, validfrom: e.validfrom, validto: e.validto, info: e.info })));

export const cardDoors = {
  load: (id: number, communityname: string) => call(cardRoutes.getCardAddressDownloadInfo, { id, communityname }),
  save: (id: number, entries: DoorEntryInput[]) => callFull(cardRoutes.updateCardAddressInfo, { id, agas: doorEntries(entries) }),
};

export const faceDoors = {
  load: (id: number, communityname: string) => call(faceRoutes.getFaceAddressDownloadInfo, { id, communityname }),
  save: (id: number, entries: DoorEntryInput[]) => callFull(faceRoutes.updateFaceAddressInfo, { id, fas: doorEntries(entries) }),
};

/** The lift configuration of a card or a face (LADDER_SOURCE). */
export async function loadLadder(id: number, communityname: string, source: LadderSource) {
  const info = await call(cardRoutes.getLadderDownloadInfo, { id, communityname, source });
  return { allGms: info.allGms, lcls: info.configured };
}

export const saveLadder = (id: number, source: LadderSource, lcls: LadderItem[]) =>
  callFull(cardRoutes.updateLadderControl, { id, source, lcls: JSON.stringify(lcls) });

/**
 * The accounts of a household (searchAccountsByResidentId) for the card and face
 * dialogs; users whose menus do not allow it get none and type the phone instead.
 */
export function useHouseholdAccounts(addressId: number | undefined) {
  const route = accountRoutes.searchAccountsByResidentId;
  return (
    useQuery({
      queryKey: ['householdAccounts', addressId],
      queryFn: () => call(route, { addressId }),
      enabled: addressId !== undefined && mayCall(route.access),
      staleTime: 10_000,
    }).data ?? []
  );
}
