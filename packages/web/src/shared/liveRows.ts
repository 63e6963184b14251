import type { LiveData, LiveEvent, LiveKind, Page } from '@gatehouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useLive } from './live.ts';

/**
 * Updates the rows of a list (every cached page of `listKey`) in place when a live event
 * of `kind` arrives: `patch` answers the new row, or null when the event is not about it.
 * Nothing is fetched again.
 */
export function useLiveRows<K extends LiveKind, Row>(
  listKey: readonly unknown[],
  kind: K,
  patch: (row: Row, data: LiveData[K]) => Row | null,
): void {
  const qc = useQueryClient();
  useLive([kind], (e: Extract<LiveEvent, { kind: K }>) => {
    qc.setQueriesData<Page<Row>>({ queryKey: listKey }, (old) => {
      if (!old) return old;
      let changed = false;
      const rows = old.rows.map((r) => {
        const next = patch(r, e.data as LiveData[K]);
        if (!next) return r;
        changed = true;
        return next;
      });
      return changed ? { ...old, rows } : old;
    });
  });
}
