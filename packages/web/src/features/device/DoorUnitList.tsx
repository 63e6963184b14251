import { LIMITS, type LiveDevice, type SyncState } from '@gatehouse/contracts';
import { ListPage, type ListPageProps } from '../../shared/ListPage.tsx';
import { useLiveRows } from '../../shared/liveRows.ts';

export interface DoorUnitListProps<Row> extends Omit<ListPageProps<Row>, 'rowKey' | 'refetchInterval'> {
  /** Whether a unit's live news is about the row (null: not) and what more of it the row takes than online and last seen. */
  live: (row: Row, device: LiveDevice) => Partial<Row> | null;
}

/**
 * A list of door units (the devices, the door units of the access menu): a row per address, the
 * list fetched again every 30 s (the sync counts), the online state in place as units come and go.
 */
export function DoorUnitList<Row extends SyncState & { addressid: number }>({ live, ...p }: DoorUnitListProps<Row>) {
  useLiveRows<'device', Row>(p.queryKey, 'device', (r, d) => {
    const more = live(r, d);
    return more ? { ...r, online: d.online, lastSeen: d.lastSeen ?? r.lastSeen, ...more } : null;
  });
  return <ListPage<Row> {...p} rowKey="addressid" refetchInterval={LIMITS.doorUnitRefreshMs} />;
}
