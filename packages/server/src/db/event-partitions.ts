import { type Kysely, sql } from 'kysely';
import type { Db } from './index.ts';
import { ONCE_KEYS, runOnce } from './once.ts';

/**
 * access_event is partitioned by month of its event time (UTC months, migration 0640):
 * one partition `access_event_pYYYYMM` per month, and `access_event_default` for an event
 * of a month that has none yet (a unit whose clock is far off, a backlog older than the
 * partitions), so no event is ever refused. The maintenance below keeps the month before,
 * the current month and the next `MONTHS_AHEAD` ready (a unit offline over the turn of a
 * month sends the last one's events late), moves what reached the default partition into
 * a month of its own, and drops whole months older than the retention setting
 * (ACCESS_EVENT_RETENTION_MONTHS; docs/performance.md "Access events by month").
 */
export const MONTHS_AHEAD = 3;
export const EVENT_TABLE = 'access_event';
export const DEFAULT_PARTITION = 'access_event_default';
const MONTH_NAME = /^access_event_p(\d{4})(\d{2})$/;

/** Midnight UTC of the first day of `d`'s month, plus `add` months. */
export function monthStart(d: Date, add = 0): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1));
}

/** The partition of the month starting at `start`: access_event_p202605. */
export function monthPartition(start: Date): string {
  return `access_event_p${start.getUTCFullYear()}${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The month partitions there are, oldest first, with the month each holds. */
export async function eventMonths(db: Kysely<unknown>): Promise<{ name: string; start: Date }[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
    where p.relname = ${EVENT_TABLE} and p.relnamespace = to_regnamespace(current_schema())::oid
    order by c.relname`.execute(db);
  return rows.flatMap((r) => {
    const m = MONTH_NAME.exec(r.name);
    return m ? [{ name: r.name, start: new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)) }] : [];
  });
}

/**
 * Creates the partition of the month starting at `start` unless it exists. Rows of that
 * month already in the default partition move into it, in one transaction that first takes
 * a SHARE ROW EXCLUSIVE lock on access_event (inserts wait the moment it takes; reads go on
 * until the partition is created), so no insert can deadlock with it.
 * Answers whether a partition was created.
 */
export async function createEventMonth(db: Kysely<unknown>, start: Date): Promise<boolean> {
  const name = monthPartition(start);
  const from = start.toISOString();
  const to = monthStart(start, 1).toISOString();
  const exists = async (q: Kysely<unknown>) =>
    (await sql<{ r: string | null }>`select to_regclass(${name})::text as r`.execute(q)).rows[0]?.r != null;
  if (await exists(db)) return false;
  return db.transaction().execute(async (trx) => {
    await sql`lock table ${sql.table(EVENT_TABLE)} in share row exclusive mode`.execute(trx);
    if (await exists(trx)) return false;
    const moved = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(DEFAULT_PARTITION)} where time >= ${from}::timestamptz and time < ${to}::timestamptz`.execute(
      trx,
    );
    const n = moved.rows[0]?.n ?? 0;
    if (n > 0) {
      await sql`create temporary table event_month_move on commit drop as
        select * from ${sql.table(DEFAULT_PARTITION)} where time >= ${from}::timestamptz and time < ${to}::timestamptz`.execute(trx);
      await sql`delete from ${sql.table(DEFAULT_PARTITION)} where time >= ${from}::timestamptz and time < ${to}::timestamptz`.execute(trx);
    }
    await sql.raw(`create table ${name} partition of ${EVENT_TABLE} for values from ('${from}') to ('${to}')`).execute(trx);
    if (n > 0) await sql`insert into ${sql.table(EVENT_TABLE)} select * from event_month_move`.execute(trx);
    return true;
  });
}

/** Creates every month partition from `from`'s month to `to`'s month (both included). */
export async function createEventMonths(db: Kysely<unknown>, from: Date, to: Date): Promise<string[]> {
  const made: string[] = [];
  for (let m = monthStart(from); m <= to; m = monthStart(m, 1)) if (await createEventMonth(db, m)) made.push(monthPartition(m));
  return made;
}

/** What a maintenance round did. */
export interface MaintenanceReport {
  /** Month partitions created (ahead of time, or for events that reached the default partition). */
  created: string[];
  /** Month partitions dropped by the retention setting. */
  dropped: string[];
  /** Rows older than the retention found in the default partition and deleted. */
  deletedFromDefault: number;
}

/** First moment kept by a retention of `months` (0: everything is kept → null). */
export function retentionCutoff(now: Date, months: number): Date | null {
  return months > 0 ? monthStart(now, -months) : null;
}

/**
 * One maintenance round (run it through `runEventMaintenance` on a schedule): the month
 * before, the current month and the next MONTHS_AHEAD exist; a month with rows in the default partition gets
 * its own partition (those rows move there); with a retention of N months (> 0) every
 * month partition that ended before the first day of the month N months back is dropped
 * whole, so events are kept at least N and at most N + 1 months.
 */
export async function maintainEventPartitions(
  db: Kysely<unknown>,
  opts: { retentionMonths: number; now?: Date },
): Promise<MaintenanceReport> {
  const now = opts.now ?? new Date();
  const cutoff = retentionCutoff(now, opts.retentionMonths);
  let deletedFromDefault = 0;
  if (cutoff) {
    const del = await sql`delete from ${sql.table(DEFAULT_PARTITION)} where time < ${cutoff.toISOString()}::timestamptz`.execute(db);
    deletedFromDefault = Number(del.numAffectedRows ?? 0);
  }
  const created = await createEventMonths(db, monthStart(now, -1), monthStart(now, MONTHS_AHEAD));
  const strays = await sql<{ m: Date | string }>`
    select distinct date_trunc('month', time, 'UTC') as m from ${sql.table(DEFAULT_PARTITION)}`.execute(db);
  for (const { m } of strays.rows) {
    const start = monthStart(new Date(m));
    if (await createEventMonth(db, start)) created.push(monthPartition(start));
  }
  const dropped: string[] = [];
  if (cutoff) {
    for (const p of await eventMonths(db)) {
      if (monthStart(p.start, 1) > cutoff) continue;
      await sql`drop table ${sql.table(p.name)}`.execute(db);
      dropped.push(p.name);
    }
  }
  return { created, dropped, deletedFromDefault };
}

interface Log {
  info(o: object, msg: string): void;
  error(o: object, msg: string): void;
}

/**
 * The maintenance round on one instance at a time (`runOnce`, the advisory lock also
 * used by the command sweep); what it created and dropped is logged. Answers the report,
 * or null when another instance was running it.
 */
export async function runEventMaintenance(
  db: Db,
  kind: 'pglite' | 'postgres',
  opts: { retentionMonths: number; now?: Date; log: Log },
): Promise<MaintenanceReport | null> {
  let report: MaintenanceReport | null = null;
  await runOnce(db, kind, ONCE_KEYS.eventPartitions, async () => {
    report = await maintainEventPartitions(db as unknown as Kysely<unknown>, opts);
  });
  const r = report as MaintenanceReport | null;
  if (r?.created.length) opts.log.info({ created: r.created }, 'access events: month partitions created');
  if (r && (r.dropped.length || r.deletedFromDefault))
    opts.log.info(
      { dropped: r.dropped, deletedFromDefault: r.deletedFromDefault, retentionMonths: opts.retentionMonths },
      'access events: months older than the retention dropped',
    );
  return r;
}

/** Runs the maintenance now and then every `everyMs` (default one hour) until stopped. */
export function startEventMaintenance(
  db: Db,
  kind: 'pglite' | 'postgres',
  opts: { retentionMonths: number; log: Log; everyMs?: number },
): { stop(): Promise<void> } {
  const round = () => runEventMaintenance(db, kind, opts).catch((e) => opts.log.error({ err: e }, 'access events: partition maintenance'));
  let running: Promise<unknown> = round();
  const timer = setInterval(() => {
    running = running.then(round);
  }, opts.everyMs ?? 3_600_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * The spans of time the month partitions cover (runs of consecutive months), or null while the
 * default partition holds rows (they wait for the maintenance to get a month of their own).
 * A list bounded by these spans (`e.time` inside one of them) leaves the default partition
 * out of its plan; PostgreSQL then reads the months in order, newest first, and stops at
 * the page (an ordered Append) instead of merging every month's index, where a filter
 * matching few rows near the top would read whole months.
 */
export async function monthSpans(db: Db): Promise<{ from: Date; to: Date }[] | null> {
  // The default partition first, then the months: the maintenance empties the default partition and
  // creates the month in one transaction, so a default read empty is never paired with a month list
  // read before that month existed (read at once, the list left out the month just moved: its rows).
  const strays = await sql<{ any: boolean }>`select exists (select 1 from ${sql.table(DEFAULT_PARTITION)}) as any`.execute(db);
  if (strays.rows[0]?.any) return null;
  const months = await eventMonths(db as unknown as Kysely<unknown>);
  if (!months.length) return null;
  const spans: { from: Date; to: Date }[] = [];
  for (const { start } of months) {
    const last = spans[spans.length - 1];
    if (last && last.to.getTime() === start.getTime()) last.to = monthStart(start, 1);
    else spans.push({ from: start, to: monthStart(start, 1) });
  }
  return spans;
}
