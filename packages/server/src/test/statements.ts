import type { QueryListener } from '../db/index.ts';

/**
 * Counts the statements a piece of work runs: hand `onQuery` to testApp, then `during(work)` answers the
 * SQL run while `work` ran (those `keep` accepts: leave out a test's own probes) and what `work` answered.
 */
export function statementRecorder(keep: (sql: string) => boolean = () => true) {
  const ran: string[] = [];
  let recording = false;
  return {
    onQuery: ((q) => {
      if (recording && keep(q.sql)) ran.push(q.sql);
    }) as QueryListener,
    async during<T>(work: () => Promise<T>): Promise<{ ran: string[]; result: T }> {
      ran.length = 0;
      recording = true;
      try {
        const result = await work();
        return { ran: [...ran], result };
      } finally {
        recording = false;
      }
    },
  };
}
