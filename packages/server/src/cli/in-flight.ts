/**
 * File work a few at a time (a restore's thousands of small stored files: one at a
 * time, each waits on the disk in turn). `add` starts a task and waits while `limit` are running;
 * the first failure is thrown by the next `add` or by `settle`, which waits for every task.
 */
export function inFlight(limit: number) {
  const running = new Set<Promise<void>>();
  let failed: { error: unknown } | null = null;
  const check = () => {
    if (failed) throw failed.error;
  };
  return {
    async add(task: () => Promise<void>): Promise<void> {
      check();
      const p: Promise<void> = task()
        .catch((error: unknown) => {
          failed ??= { error };
        })
        .finally(() => running.delete(p));
      running.add(p);
      if (running.size >= limit) await Promise.race(running);
      check();
    },
    async settle(): Promise<void> {
      await Promise.all(running);
      check();
    },
  };
}
