import type { UnitKind } from '@gatehouse/contracts';
/** The pure rules of the download dialog (001 §2 "Download dialog"), kept apart so they are tested without a browser. */

/** A door unit choice (001 §3 "Door unit (gm)" options). */
export interface DoorOption {
  intValue: number;
  label: string;
  /** The bound device's kind (issue 33; the card and face dialogs show it); null or absent while none is bound. */
  unitKind?: UnitKind | null;
}

/** One configured door-unit entry of a card or a face (001 §3 "... to door unit entry"). */
export interface DoorEntry {
  id?: number;
  gateID: number;
  validfrom: string;
  validto: string;
  info: string;
  address: string;
  isVilla: number;
}

/** Download info (001 §3; contracts' CardDownloadInfo fits): the door units, what is configured, default validity, whether "delete all" is hidden. */
export interface DownloadInfo {
  allGms: DoorOption[];
  configured: DoorEntry[];
  now: string;
  after: string;
  /** Hides "delete all" for the list as loaded (see hideDeleteAll). */
  deletAll: boolean;
}

/** Adds the picked door units to the list, replacing entries of the same door unit (kept in place). */
export function mergeEntries(configured: DoorEntry[], added: DoorEntry[]): DoorEntry[] {
  const byGate = new Map(added.map((e) => [e.gateID, e]));
  const kept = configured.map((e) => {
    const n = byGate.get(e.gateID);
    if (!n) return e;
    byGate.delete(e.gateID);
    return { ...n, id: e.id, isVilla: e.isVilla };
  });
  return [...kept, ...byGate.values()];
}

/** Removes one entry; a single-family (villa) entry is refused (answers null). */
export function removeEntry(entries: DoorEntry[], gateID: number): DoorEntry[] | null {
  const e = entries.find((x) => x.gateID === gateID);
  if (e?.isVilla) return null;
  return entries.filter((x) => x.gateID !== gateID);
}

/** "Delete all": every entry but the single-family ones, which cannot be removed. */
export const removeAll = (entries: DoorEntry[]): DoorEntry[] => entries.filter((x) => x.isVilla);

/**
 * Whether "delete all" is hidden. The server's deletAll hides it for the list it sent; once the
 * list is edited here it is hidden only while the list is empty or holds a single-family entry.
 */
export const deleteAllHidden = (entries: DoorEntry[] | null, loaded: DownloadInfo | undefined): boolean =>
  !entries?.length || entries.some((e) => e.isVilla) || (!!loaded?.deletAll && entries === loaded.configured);
