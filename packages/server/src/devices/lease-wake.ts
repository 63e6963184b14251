import { CMD_STATUS } from '@gatehouse/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

/** A lease is taken as run out this long after its end (clock steps between instances and the database). */
const AFTER_END_MS = 50;

/**
 * The dispatcher's sweep, every `everyMs` and also just after the next lease ends (the earliest
 * `lease_until` of a sent command, read with the partial index of migration 0304). So a command
 * whose sender died, or whose ack was lost with it, is sent again as soon as its lease
 * (COMMAND_ACK_TIMEOUT_MS) runs out, not up to a sweep period later (docs/scale-out.md "After a crash").
 */
export function startSweeps(
  db: Db,
  sweep: () => Promise<void>,
  o: { everyMs: number; canSweep: () => boolean; onError: (e: unknown) => void },
): { stop(): void } {
  let stopped = false;
  let wake: NodeJS.Timeout | null = null;
  let wakeAt = 0;
  const run = async () => {
    if (stopped || !o.canSweep()) return;
    await sweep();
    const next = await nextLeaseEnd(db, o.everyMs);
    if (stopped || next === null) return;
    const at = next + AFTER_END_MS;
    if (wake && wakeAt <= at) return;
    if (wake) clearTimeout(wake);
    wakeAt = at;
    wake = setTimeout(
      () => {
        wake = null;
        run().catch(o.onError);
      },
      Math.max(0, at - Date.now()),
    );
    wake.unref();
  };
  const every = setInterval(() => run().catch(o.onError), o.everyMs);
  every.unref();
  return {
    stop() {
      stopped = true;
      clearInterval(every);
      if (wake) clearTimeout(wake);
    },
  };
}

/**
 * The end (epoch ms, in this process's clock) of the first lease still running that runs out within `withinMs`,
 * or null (a lease already out is the sweep's: one of an offline unit stays out until it comes back).
 */
export async function nextLeaseEnd(db: Db, withinMs: number): Promise<number | null> {
  const row = await sql<{ in_ms: number | null }>`
    select (extract(epoch from (min(lease_until) - now())) * 1000)::float8 as in_ms
    from command where status = ${CMD_STATUS.sent}
      and lease_until > now() and lease_until < now() + ${withinMs} * interval '1 millisecond'`.execute(db);
  const inMs = row.rows[0]?.in_ms;
  return inMs === null || inMs === undefined ? null : Date.now() + Math.max(0, Number(inMs));
}
