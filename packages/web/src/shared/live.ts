import type { LiveData, LiveEvent, LiveKind } from '@gatehouse/contracts';
import { useEffect, useRef } from 'react';
import { liveConnection } from '../api/live.ts';

/**
 * Listens to the tab's live stream (one connection per tab, shared by every listener;
 * resumed with Last-Event-ID after a loss). `onEvent` gets the events of `kinds`;
 * `onReset` is called when the server could not replay everything missed (reload then).
 * `enabled: false` listens to nothing (and closes the stream when no one else listens).
 */
export function useLive<K extends LiveKind>(
  kinds: readonly K[],
  onEvent: (e: Extract<LiveEvent, { kind: K }>) => void,
  opts: { enabled?: boolean; onReset?: () => void } = {},
): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const reset = useRef(opts.onReset);
  reset.current = opts.onReset;
  const enabled = opts.enabled ?? true;
  const key = kinds.join(',');
  useEffect(() => {
    if (!enabled) return;
    return liveConnection.subscribe(
      key.split(',') as LiveKind[],
      (e) => handler.current(e as Extract<LiveEvent, { kind: K }>),
      () => reset.current?.(),
    );
  }, [key, enabled]);
}

export type { LiveData };
