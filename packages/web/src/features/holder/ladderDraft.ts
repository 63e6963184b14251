import type { LadderItem } from '@gatehouse/contracts';
import type { DoorOption } from './doorEntries.ts';

/** The pure rules of the lift configuration dialog (001 §5 "Ladder configuration"), tested without a browser. */

/** One lift configuration of a card or face for one door unit (the contracts' type of an `lcls` item). */
export type { LadderItem };

/** What the dialog shows: the door units of the community and the saved items (LadderDownloadInfo's allGms and configured). */
export interface LadderInfo {
  allGms: DoorOption[];
  lcls: LadderItem[];
}

/** The form of one door unit: anything may be empty while editing. */
export interface LadderDraft {
  ResiLevel?: string;
  bank?: number;
  node?: number;
  GateType?: number;
  isadmin?: boolean;
  isVilla?: boolean;
  FrontUnlockLevelList?: string[];
  BackUnlockLevelList?: string[];
}

const FOUR = ['ResiLevel', 'bank', 'node', 'GateType'] as const;
const filled = (v: unknown) => v !== undefined && v !== null && v !== '';

/** Whether anything is set for the door unit. */
export const touched = (d: LadderDraft | undefined): boolean =>
  !!d &&
  (FOUR.some((k) => filled(d[k])) || !!d.isadmin || !!d.isVilla || !!d.FrontUnlockLevelList?.length || !!d.BackUnlockLevelList?.length);

/** Whether the four core fields are all set. */
export const complete = (d: LadderDraft): boolean => FOUR.every((k) => filled(d[k]));

export const toDraft = (i: LadderItem): LadderDraft => ({
  ResiLevel: i.ResiLevel,
  bank: i.bank,
  node: i.node,
  GateType: i.GateType,
  isadmin: !!i.isadmin,
  isVilla: !!i.isVilla,
  FrontUnlockLevelList: i.FrontUnlockLevelList,
  BackUnlockLevelList: i.BackUnlockLevelList,
});

export const toItem = (addressid: number, d: LadderDraft): LadderItem => ({
  addressid,
  ResiLevel: d.ResiLevel as string,
  bank: d.bank as number,
  node: d.node as number,
  GateType: d.GateType as number,
  isadmin: d.isadmin ? 1 : 0,
  isVilla: d.isVilla ? 1 : 0,
  FrontUnlockLevelList: d.FrontUnlockLevelList ?? [],
  BackUnlockLevelList: d.BackUnlockLevelList ?? [],
});

/**
 * The list to save: one item per door unit with anything set. A door unit with something set
 * but not all four of resident floor, lift group, lift number and door type is refused by name.
 */
export function collectLadder(gms: DoorOption[], drafts: Map<number, LadderDraft>): { lcls: LadderItem[] } | { incomplete: DoorOption } {
  const lcls: LadderItem[] = [];
  for (const g of gms) {
    const d = drafts.get(g.intValue);
    if (!d || !touched(d)) continue;
    if (!complete(d)) return { incomplete: g };
    lcls.push(toItem(g.intValue, d));
  }
  return { lcls };
}
