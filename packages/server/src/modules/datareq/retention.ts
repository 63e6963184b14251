import {
  type EventRetentionMode,
  LEAF_MENUS,
  msg,
  RETENTION_DEFAULTS,
  type RetentionFace,
  type RetentionPreview,
  type RetentionSettings,
  ROLE,
  PSEUDONYM_PREFIX,
} from '@gatehouse/contracts';
import { Cron } from 'croner';
import { type Kysely, sql } from 'kysely';
import { ONCE_KEYS, runOnce } from '../../db/once.ts';
import { countRows } from '../../db/sql.ts';
import type { DB } from '../../db/types.ts';
import type { AuthCtx, Services } from '../../http/context.ts';
import { formatDateTime } from '../../http/dates.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { type OpLogActor, writeOpLog } from '../../http/oplog.ts';
import { assertCommunity } from '../../http/scope.ts';
import { deleteFace } from '../privacy/erase-face.ts';
import { pseudonymiseBatch, pseudonymKey } from '../privacy/pseudonym.ts';
import { MENU } from './export.ts';

/** When the daily retention runs (in TZ_NAME): at night, after the scheduled backup's usual hour. */
export const RETENTION_CRON = '30 4 * * *';
/** Access events dropped or pseudonymised per statement. */
const EVENT_BATCH = 10_000;
/** The op log's account of the retention job (no account). */
export const RETENTION_REGNO = 'retention';

interface Setting {
  faceDays: number;
  eventMonths: number;
  eventMode: EventRetentionMode;
  visitorDays: number;
}

async function settingOf(db: Kysely<DB>, communityId: number): Promise<Setting> {
  const row = await db.selectFrom('retention_setting').selectAll().where('community_id', '=', communityId).executeTakeFirst();
  return row
    ? {
        faceDays: row.face_days,
        eventMonths: row.event_months,
        eventMode: row.event_mode as EventRetentionMode,
        visitorDays: row.visitor_days,
      }
    : { ...RETENTION_DEFAULTS };
}

async function lastRun(db: Kysely<DB>, tz: string): Promise<string> {
  const r = await db.selectFrom('retention_run').select(sql<Date | null>`max(finished_at)`.as('at')).executeTakeFirst();
  return formatDateTime(r?.at ?? null, tz);
}

/** getRetention: the community's settings (the defaults until saved) and the last run. */
export async function retentionSettings(ctx: AuthCtx, communityId: number): Promise<RetentionSettings> {
  await assertCommunity(ctx.db, ctx.caller, communityId);
  const exists = await ctx.db.selectFrom('community').select('id').where('id', '=', communityId).executeTakeFirst();
  if (!exists) throw notFound();
  return { communityId, ...(await settingOf(ctx.db, communityId)), lastRun: await lastRun(ctx.db, ctx.config.TZ_NAME) };
}

/** setRetention: saved with an op-log entry (before and after). */
export async function saveRetention(ctx: AuthCtx, i: Setting & { communityId: number }): Promise<RetentionSettings> {
  const before = await retentionSettings(ctx, i.communityId);
  const after: Setting = { faceDays: i.faceDays, eventMonths: i.eventMonths, eventMode: i.eventMode, visitorDays: i.visitorDays };
  await ctx.db.transaction().execute(async (trx) => {
    const values = {
      face_days: after.faceDays,
      event_months: after.eventMonths,
      event_mode: after.eventMode,
      visitor_days: after.visitorDays,
      updated_at: sql<Date>`now()`,
    };
    await trx
      .insertInto('retention_setting')
      .values({ community_id: i.communityId, ...values })
      .onConflict((oc) => oc.column('community_id').doUpdateSet(values))
      .execute();
    await writeOpLog(trx, ctx, {
      menu: MENU,
      content: msg('op.datareq.setRetention', { ...after, eventMode: `@datareq.mode.${after.eventMode}` }),
      communityId: i.communityId,
      before,
      after,
    });
  });
  return { ...before, ...after };
}

/** `now` minus `months` calendar months (the first moment an event is kept). */
export function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

/**
 * Faces of people who moved out, N days on: a face whose every door-unit entry ended N days ago
 * (the lease or stay it was given for is over), or one left behind by a move-out of its account or
 * household recorded N days ago (modules/review move-out removes what the staff member may manage;
 * a face added before it and still there is erased now).
 */
async function facesDue(db: Kysely<DB>, communityId: number, days: number, now: Date) {
  if (days <= 0) return [];
  const cutoff = daysBefore(now, days);
  const rows = await db
    .selectFrom('face as f')
    .leftJoin('address as a', 'a.id', 'f.address_id')
    .select([
      'f.id',
      'f.account',
      'f.user_name',
      'a.address',
      sql<Date | null>`(select max(g.validto) from face_gate g where g.face_id = f.id)`.as('entries_end'),
      sql<Date | null>`(select max(m.created_at) from moveout m
        where m.community_id = f.community_id and m.created_at < ${cutoff} and f.created_at < m.created_at
          and ((m.subject_kind = 'account' and m.subject = f.account) or (m.subject_kind = 'address' and m.subject = a.address)))`.as(
        'moved_out',
      ),
    ])
    .where('f.community_id', '=', communityId)
    .orderBy('f.id')
    .execute();
  return rows.flatMap((r) => {
    const ended = r.entries_end && new Date(r.entries_end) < cutoff ? new Date(r.entries_end) : null;
    const since = r.moved_out ? new Date(r.moved_out) : ended;
    return since ? [{ id: r.id, account: r.account, userName: r.user_name, address: r.address ?? '', since }] : [];
  });
}

/** The access events (and punches) of a community the rule reaches: older than the cutoff; pseudonymising, those still naming someone. */
function eventsDue(db: Kysely<DB>, communityId: number, cutoff: Date, mode: EventRetentionMode) {
  const q = db.selectFrom('access_event as e').where('e.community_id', '=', communityId).where('e.time', '<', cutoff);
  return mode === 'drop'
    ? q
    : q.where((eb) =>
        eb.or([
          eb.and([eb('e.account', '<>', ''), eb('e.account', 'not like', `${PSEUDONYM_PREFIX}%`)]),
          eb('e.unlock_user_name', '<>', ''),
          eb('e.card_num', '<>', ''),
        ]),
      );
}

/** Visitor QR records that ended N days ago. */
const visitorsDue = (db: Kysely<DB>, communityId: number, days: number, now: Date) =>
  db.selectFrom('visitor_qrcode as v').where('v.community_id', '=', communityId).where('v.validto', '<', daysBefore(now, days));

/** What the run at `now` will do in a community (the dry run and the run itself read the same). */
async function planFor(db: Kysely<DB>, communityId: number, s: Setting, now: Date) {
  const cutoff = s.eventMonths > 0 ? monthsBefore(now, s.eventMonths) : null;
  const [faces, events, visitors] = await Promise.all([
    facesDue(db, communityId, s.faceDays, now),
    cutoff ? countRows(eventsDue(db, communityId, cutoff, s.eventMode)) : 0,
    s.visitorDays > 0 ? countRows(visitorsDue(db, communityId, s.visitorDays, now)) : 0,
  ]);
  return { faces, events, cutoff, visitors };
}

/** previewRetention: what the next run would erase, drop or pseudonymise now; changes nothing. */
export async function previewRetention(ctx: AuthCtx, communityId: number, now = new Date()): Promise<RetentionPreview> {
  const s = await retentionSettings(ctx, communityId);
  const plan = await planFor(ctx.db, communityId, s, now);
  const tz = ctx.config.TZ_NAME;
  const faces: RetentionFace[] = plan.faces.map((f) => ({ ...f, since: formatDateTime(f.since, tz) }));
  return {
    communityId,
    faces,
    events: plan.events,
    eventMode: s.eventMode,
    eventCutoff: plan.cutoff ? formatDateTime(plan.cutoff, tz) : '',
    visitorRecords: plan.visitors,
  };
}

/** What a run did in one community. */
export interface CommunityReport {
  communityId: number;
  faces: number;
  events: number;
  eventMode: EventRetentionMode;
  visitors: number;
}

/**
 * The job's caller for the face area's delete path (the door units are told, the op log names
 * `retention`): every menu, every community, no session.
 */
function jobCtx(services: Services): AuthCtx {
  return {
    ...services,
    lang: 'zh-CN',
    ip: '',
    caller: {
      sessionId: 0,
      accountId: 0,
      roleId: ROLE.superAdmin,
      regNo: RETENTION_REGNO,
      name: RETENTION_REGNO,
      communityId: 0,
      menuIds: new Set(LEAF_MENUS.map((m) => m.id)),
      scope: { all: true },
    },
  };
}

const JOB_ACTOR: OpLogActor = { caller: { accountId: null, regNo: RETENTION_REGNO } };

/** Drops or pseudonymises a community's events older than the cutoff, a batch per statement; answers how many. */
async function applyEvents(services: Services, communityId: number, cutoff: Date, mode: EventRetentionMode): Promise<number> {
  const db = services.db;
  const key = mode === 'drop' ? null : pseudonymKey(services.config);
  let total = 0;
  for (;;) {
    const batch = eventsDue(db, communityId, cutoff, mode).select(['e.id', 'e.time', 'e.account']).limit(EVENT_BATCH);
    const n = key
      ? await pseudonymiseBatch(db, key, batch)
      : Number(
          (await sql`with due as (${batch}) delete from access_event t using due where t.id = due.id and t.time = due.time`.execute(db))
            .numAffectedRows ?? 0,
        );
    total += n;
    if (n < EVENT_BATCH) return total;
  }
}

/**
 * One community's retention: faces through the face area's delete path (each door unit holding one
 * is told), events dropped or pseudonymised, visitor records deleted; one op-log entry with the counts.
 */
async function retainCommunity(services: Services, communityId: number, now: Date): Promise<CommunityReport> {
  const db = services.db;
  const s = await settingOf(db, communityId);
  const plan = await planFor(db, communityId, s, now);
  const ctx = jobCtx(services);
  let faces = 0;
  for (const f of plan.faces) {
    try {
      await deleteFace(ctx, f.id, 'retention');
      faces++;
    } catch (e) {
      // Deleted meanwhile (by staff or a move-out): nothing left to erase.
      if (!(e instanceof AppError && e.status === 404)) throw e;
    }
  }
  const events = plan.cutoff ? await applyEvents(services, communityId, plan.cutoff, s.eventMode) : 0;
  const visitors =
    s.visitorDays > 0
      ? Number(
          (
            await db
              .deleteFrom('visitor_qrcode')
              .where('community_id', '=', communityId)
              .where('validto', '<', daysBefore(now, s.visitorDays))
              .executeTakeFirst()
          ).numDeletedRows,
        )
      : 0;
  const report = { communityId, faces, events, eventMode: s.eventMode, visitors };
  if (faces || events || visitors)
    await db.transaction().execute((trx) =>
      writeOpLog(trx, JOB_ACTOR, {
        menu: MENU,
        content: msg('op.datareq.retentionRun', { faces, events, visitors, eventMode: `@datareq.mode.${s.eventMode}` }),
        communityId,
        after: { ...report, faceIds: plan.faces.map((f) => f.id), eventCutoff: plan.cutoff?.toISOString() ?? null },
      }),
    );
  return report;
}

/** The day a run at `now` belongs to (in TZ_NAME): one run a day. */
export const runDay = (now: Date, tz: string): string => formatDateTime(now, tz, '-').slice(0, 10);

/**
 * The day's retention, on one instance: the advisory lock (PostgreSQL) lets one instance in at a
 * time, and the day's row in retention_run lets only the first of them (or of two starts the same
 * day) do it. Answers the report of every community, or null when the day was already done.
 */
export async function runRetention(services: Services, now = new Date()): Promise<CommunityReport[] | null> {
  const db = services.db;
  const kind = services.config.DATABASE_URL ? 'postgres' : 'pglite';
  const day = runDay(now, services.config.TZ_NAME);
  let reports: CommunityReport[] | null = null;
  await runOnce(db, kind, ONCE_KEYS.retention, async () => {
    const claimed = await db
      .insertInto('retention_run')
      .values({ day })
      .onConflict((oc) => oc.column('day').doNothing())
      .returning('day')
      .executeTakeFirst();
    if (!claimed) return;
    const done: CommunityReport[] = [];
    for (const c of await db.selectFrom('community').select('id').orderBy('id').execute())
      done.push(await retainCommunity(services, c.id, now));
    await db
      .updateTable('retention_run')
      .set({
        finished_at: sql<Date>`now()`,
        report: JSON.stringify({ communities: done.filter((r) => r.faces || r.events || r.visitors) }),
      })
      .where('day', '=', day)
      .execute();
    reports = done;
  });
  return reports;
}

/** The daily retention (RETENTION_CRON in TZ_NAME) on every instance; runRetention keeps it to one. */
export function retentionWorker(services: Services, onError: (e: unknown) => void): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const job = new Cron(RETENTION_CRON, { timezone: services.config.TZ_NAME, protect: true }, async () => {
    running = runRetention(services).catch(onError);
    await running;
  });
  return {
    async stop() {
      job.stop();
      await running;
    },
  };
}
