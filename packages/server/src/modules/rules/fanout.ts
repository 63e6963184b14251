import { type Kysely, sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { anyInt } from '../../db/sql.ts';
import type { DB } from '../../db/types.ts';
import type { DeviceBus } from '../../devices/bus.ts';
import { type CommandQueue, withCommands } from '../../devices/commands.ts';
import type { DoorConfig } from '../../devices/desired.ts';
import { queueCardsOn } from '../holder/cards.ts';
import { queueFacesState } from '../holder/faces.ts';
import { GROUP_LINK } from '../holder/reach.ts';

/**
 * After a change of an access group (its units, its schedule, its deletion), each member card
 * and face is re-sent to the units concerned. A group of a few members is sent in the change's
 * own transaction, as before; a bigger one is written as a fan-out job (access_group_fanout)
 * that any instance works through in batches, each batch its own transaction, while the
 * request answers at once and the group list shows how far it got.
 */
export const FANOUT = {
  /** Up to this many members of a kind are sent in the change's own transaction. */
  inline: 1000,
  /** Members per batch transaction of a job (faces carry photos: fewer). */
  batch: { card: 1000, face: 100 },
  /** A claimed job not advanced for this long is taken over by any instance. */
  leaseSeconds: 60,
  /** Finished jobs are forgotten after this long. */
  keepHours: 24,
} as const;

type Kind = 'card' | 'face';
const KINDS: readonly Kind[] = ['card', 'face'];

const QUEUE: Record<Kind, (trx: Kysely<DB>, q: CommandQueue, ids: number[], units: number[]) => Promise<unknown>> = {
  card: queueCardsOn,
  face: queueFacesState,
};

/** The members of the groups, each once (a statement's array, never one bind parameter per member). */
function membersSql(kind: Kind, groupIds: number[]) {
  const { table, holder } = GROUP_LINK[kind];
  return sql<number>`select distinct ${sql.ref(holder)} from ${sql.table(table)} where group_id = ${anyInt(groupIds)}`;
}

/** The members of the groups to re-send, taken before the change removes them (a deletion): few by id, many as a job. */
export interface FanOutPlan {
  inline: { kind: Kind; ids: number[] }[];
  jobs: number;
}

/**
 * Reads who the groups' members are now and, for a kind with more than FANOUT.inline of them,
 * writes the job that will send them to `unitIds` (claimable once the transaction commits).
 */
export async function planFanOut(
  trx: Kysely<DB>,
  groupIds: number[],
  unitIds: number[],
  job: { groupId: number; communityId: number },
): Promise<FanOutPlan> {
  const plan: FanOutPlan = { inline: [], jobs: 0 };
  if (!groupIds.length || !unitIds.length) return plan;
  for (const kind of KINDS) {
    const { rows } = await sql<{ ids: number[] }>`
      select array(select m.id from (${membersSql(kind, groupIds)}) as m(id) order by m.id limit ${FANOUT.inline + 1}) as ids`.execute(trx);
    const ids = rows[0]?.ids ?? [];
    if (ids.length <= FANOUT.inline) {
      if (ids.length) plan.inline.push({ kind, ids });
      continue;
    }
    await sql`
      insert into access_group_fanout (group_id, community_id, kind, holder_ids, unit_ids, total)
      select ${job.groupId}, ${job.communityId}, ${kind}, m.ids, ${[...new Set(unitIds)].sort((a, b) => a - b)}::int[], cardinality(m.ids)
      from (select array(select x.id from (${membersSql(kind, groupIds)}) as x(id) order by x.id) as ids) m`.execute(trx);
    plan.jobs += 1;
  }
  return plan;
}

/** Sends the few members of a plan now, in the caller's transaction (the jobs go on after it commits). */
export async function sendInline(trx: Kysely<DB>, q: CommandQueue, plan: FanOutPlan, unitIds: number[]): Promise<void> {
  for (const { kind, ids } of plan.inline)
    for (let i = 0; i < ids.length; i += FANOUT.batch[kind]) await QUEUE[kind](trx, q, ids.slice(i, i + FANOUT.batch[kind]), unitIds);
}

/** How far the unfinished jobs of each group got (group → sent and total members). */
export async function fanOutProgress(db: Kysely<DB>, groupIds: number[]): Promise<Map<number, { done: number; total: number }>> {
  if (!groupIds.length) return new Map();
  const rows = await db
    .selectFrom('access_group_fanout')
    .select(['group_id', (eb) => eb.fn.sum<number>('done').as('done'), (eb) => eb.fn.sum<number>('total').as('total')])
    .where('group_id', '=', anyInt(groupIds))
    .where('finished_at', 'is', null)
    .groupBy('group_id')
    .execute();
  return new Map(rows.map((r) => [r.group_id, { done: Number(r.done), total: Number(r.total) }]));
}

type Deps = { db: Db; devices: DeviceBus; doors: DoorConfig };

/**
 * Takes one open job (unclaimed, or its lease run out) and sends its next batch: the batch's
 * commands and the job's new position commit together, and the position is checked in the
 * same statement, so two instances never send a batch twice. Answers whether there was work.
 */
export async function runFanOutBatch(deps: Deps): Promise<boolean> {
  const { rows } = await sql<{ id: number; kind: Kind; done: number; total: number }>`
    update access_group_fanout set lease_until = now() + make_interval(secs => ${FANOUT.leaseSeconds})
    where id = (
      select id from access_group_fanout
      where finished_at is null and (lease_until is null or lease_until < now())
      order by id limit 1 for update skip locked)
    returning id, kind, done, total`.execute(deps.db);
  const job = rows[0];
  if (!job) return false;
  const size = FANOUT.batch[job.kind];
  await withCommands(deps, async (trx, q) => {
    const slice = await sql<{ ids: number[]; units: number[] }>`
      select holder_ids[${job.done + 1}:${job.done + size}] as ids, unit_ids as units
      from access_group_fanout where id = ${job.id}`.execute(trx);
    const { ids = [], units = [] } = slice.rows[0] ?? {};
    await QUEUE[job.kind](trx, q, ids, units);
    const next = Math.min(job.total, job.done + size);
    const moved = await trx
      .updateTable('access_group_fanout')
      .set({
        done: next,
        // Released: the next batch goes to whichever instance looks first (the position decides, not the lease).
        lease_until: null,
        finished_at: next >= job.total ? sql<Date>`now()` : null,
      })
      .where('id', '=', job.id)
      .where('done', '=', job.done)
      .executeTakeFirst();
    // Another instance took the job over meanwhile and sent this batch: ours is rolled back.
    if (Number(moved.numUpdatedRows) !== 1) throw new FanOutOvertaken();
  }).catch((e) => {
    if (!(e instanceof FanOutOvertaken)) throw e;
  });
  return true;
}

class FanOutOvertaken extends Error {}

/** Works through open jobs until none is left or `stopping` says so (tests, and each poll of the worker). */
export async function runFanOuts(deps: Deps, stopping: () => boolean = () => false): Promise<void> {
  let worked = false;
  while (!stopping() && (await runFanOutBatch(deps))) worked = true;
  // Finished jobs are forgotten after a day: looked at when there was work, not at every idle poll.
  if (worked)
    await deps.db
      .deleteFrom('access_group_fanout')
      .where('finished_at', '<', sql<Date>`now() - make_interval(hours => ${FANOUT.keepHours})`)
      .execute();
}

/** The background side: every instance looks for open jobs every GROUP_FANOUT_POLL_MS (0: never, e.g. tests). */
export function startFanOuts(
  deps: Deps & { config: Pick<Config, 'GROUP_FANOUT_POLL_MS'> },
  onError: (e: unknown) => void,
): { stop(): Promise<void> } {
  if (deps.config.GROUP_FANOUT_POLL_MS === 0) return { stop: async () => {} };
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  let stopped = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = runFanOuts(deps, () => stopped)
      .catch(onError)
      .finally(() => {
        busy = false;
      });
  }, deps.config.GROUP_FANOUT_POLL_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
