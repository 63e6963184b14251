import type { ImportProgress, RouteDef } from '@gatehouse/contracts';
import { call } from '../api/client.ts';
import { tr } from '../i18n/index.ts';

/** What the server is doing, in the session language. */
export function importStageText(p: ImportProgress): string {
  if (p.stage === 'validate') return tr('ui.import.validating', { count: p.done });
  if (p.stage === 'hash') return tr('ui.import.hashing', { done: p.done, total: p.total ?? 0 });
  if (p.stage === 'write') return tr('ui.import.writing', { count: p.total ?? 0 });
  return '';
}

/** Asks the server for its progress every second until stopped (the answer of the upload stops it). */
export function watchImport(route: RouteDef, importId: string, onProgress: (p: ImportProgress) => void): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    try {
      const p = (await call(route, { importId }, { silent: true })) as ImportProgress | null;
      if (p && !stopped) onProgress(p);
    } catch {
      // A missed poll is retried at the next tick; the upload's answer is what ends the dialog's wait.
    }
    if (!stopped) timer = setTimeout(() => void tick(), 1000);
  };
  timer = setTimeout(() => void tick(), 1000);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
