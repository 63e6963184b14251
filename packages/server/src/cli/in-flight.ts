/**
 * File work a few at a time (a backup's or a restore's thousands of small stored files: one at a
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

/** Reads `names` in order, up to `ahead` of them read ahead of the one handed on; null for a file gone since. */
export async function* readAhead(
  names: string[],
  read: (name: string) => Promise<Buffer>,
  ahead: number,
): AsyncGenerator<[string, Buffer | null]> {
  const pending = new Map<number, Promise<Buffer | null>>();
  const start = (i: number) => {
    const name = names[i];
    if (name !== undefined)
      pending.set(
        i,
        read(name).catch(() => null),
      );
  };
  for (let i = 0; i < ahead; i++) start(i);
  for (let i = 0; i < names.length; i++) {
    const data = await (pending.get(i) as Promise<Buffer | null>);
    pending.delete(i);
    start(i + ahead);
    yield [names[i] as string, data];
  }
}
