import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, describe, expect, it } from 'vitest';
import { insertAccessEvents } from '../devices/event-insert.ts';
import { freshPostgres, testDbKind } from '../test/harness.ts';
import {
  createEventMonths,
  DEFAULT_PARTITION,
  eventMonths,
  MONTHS_AHEAD,
  maintainEventPartitions,
  monthPartition,
  monthSpans,
  monthStart,
  runEventMaintenance,
} from './event-partitions.ts';
import { type Db, type DbHandle, migrate, openDb } from './index.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { ONCE_KEYS } from './once.ts';

/** access_event partitioned by month (migration 0640, db/event-partitions.ts), on PGlite or TEST_DB=postgres. */
const kind = testDbKind();

async function open(): Promise<{ h: DbHandle; drop?: () => Promise<void> }> {
  if (kind === 'postgres') {
    const pg = await freshPostgres();
    return { h: await openDb({ url: pg.url }), drop: pg.drop };
  }
  return { h: await openDb({ dataDir: null }) };
}

const raw = (db: Db) => db as unknown as Kysely<unknown>;

/** Where each row of access_event is stored (the partition's name), by eid. */
async function placement(db: Db): Promise<Map<string, string>> {
  const { rows } = await sql<{ eid: string; part: string }>`select eid, tableoid::regclass::text as part from access_event`.execute(db);
  return new Map(rows.map((r) => [r.eid, r.part]));
}

async function indexesOf(db: Db): Promise<Map<string, string>> {
  const { rows } = await sql<{ name: string; def: string }>`
    select c.relname as name, pg_get_indexdef(c.oid) as def
    from pg_index x join pg_class c on c.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    where t.relname = 'access_event' and t.relnamespace = to_regnamespace(current_schema())::oid`.execute(db);
  // The definition without the table part (ON public.access_event / ON ONLY public.access_event).
  return new Map(rows.map((r) => [r.name, r.def.replace(/ ON (ONLY )?\S+ USING/, ' USING')]));
}

/** A door unit to send events from (access_event has no foreign keys: the ids only tell units apart). */
let units = 0;
async function unit(_db: Db): Promise<{ device_id: number; address_id: number; community_id: number }> {
  units++;
  return { device_id: 1000 + units, address_id: 2000 + units, community_id: 3000 + units };
}

const event = (u: { device_id: number; address_id: number; community_id: number }, eid: string, time: Date) => ({
  ...u,
  eid,
  time,
  device_name: 'd',
  type: 1,
  result: 0,
  account: '13900000000',
  unlock_user_name: 'Z',
  card_num: '',
  card_mode: 0,
  qr_id: null,
  is_work: false,
});

const logger = () => {
  const lines: { o: Record<string, unknown>; msg: string }[] = [];
  return { lines, info: (o: object, msg: string) => lines.push({ o: o as Record<string, unknown>, msg }), error: () => {} };
};

describe(`access events by month (${kind})`, () => {
  let h: DbHandle;
  let drop: (() => Promise<void>) | undefined;

  afterAll(async () => {
    await h?.close();
    await drop?.();
  });

  it('converts the existing table keeping every row, id and index (migration 0640)', async () => {
    ({ h, drop } = await open());
    const db = h.db;
    const before = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name !== '0640_event_partitions'));
    const r = await new Migrator({ db, provider: { getMigrations: async () => before }, allowUnorderedMigrations: true }).migrateToLatest();
    expect(r.error).toBeUndefined();
    const u = await unit(db);
    // 3,000 events over 5 months, and two far off (a unit whose clock is wrong).
    await sql`insert into access_event (device_id, eid, address_id, community_id, device_name, time, type, result, account)
      select ${u.device_id}, 'old' || n, ${u.address_id}, ${u.community_id}, 'd', now() - make_interval(days => n / 20), 1, n % 2, '139'
      from generate_series(1, 3000) n`.execute(db);
    await sql`insert into access_event (device_id, eid, address_id, community_id, device_name, time, type, result, account)
      values (${u.device_id}, 'far1', ${u.address_id}, ${u.community_id}, 'd', '1999-12-31T23:59:59Z', 1, 0, ''),
             (${u.device_id}, 'far2', ${u.address_id}, ${u.community_id}, 'd', '2099-01-15T00:00:00Z', 1, 0, '')`.execute(db);
    const rowsBefore = (await sql<{ id: number; eid: string; time: Date }>`select id, eid, time from access_event order by id`.execute(db))
      .rows;
    const idxBefore = await indexesOf(db);
    expect(idxBefore.size).toBeGreaterThan(15);

    await migrate(db);

    const kindRow = await sql<{ k: string }>`select relkind::text as k from pg_class where relname = 'access_event'`.execute(db);
    expect(kindRow.rows[0]?.k).toBe('p');
    const rowsAfter = (await sql<{ id: number; eid: string; time: Date }>`select id, eid, time from access_event order by id`.execute(db))
      .rows;
    expect(rowsAfter.length).toBe(3002);
    expect(rowsAfter.map((x) => [Number(x.id), x.eid, new Date(x.time).getTime()])).toEqual(
      rowsBefore.map((x) => [Number(x.id), x.eid, new Date(x.time).getTime()]),
    );
    // Every row in its month's partition; none in the default one.
    const where = await placement(db);
    for (const x of rowsAfter) expect(where.get(x.eid)).toBe(monthPartition(monthStart(new Date(x.time))));
    expect(where.get('far1')).toBe('access_event_p199912');
    const months = (await eventMonths(raw(db))).map((m) => m.name);
    for (let a = -1; a <= MONTHS_AHEAD; a++) expect(months).toContain(monthPartition(monthStart(new Date(), a)));
    expect(months.length).toBeGreaterThanOrEqual(5 + MONTHS_AHEAD);

    // Every index kept, with its definition; the two unique ones now hold the partition key.
    const idxAfter = await indexesOf(db);
    expect([...idxAfter.keys()].sort()).toEqual([...idxBefore.keys()].sort());
    for (const [name, def] of idxBefore) {
      if (name === 'access_event_pkey') expect(idxAfter.get(name)).toMatch(/UNIQUE.*\(id, "?time"?\)/);
      else if (name === 'access_event_eid_uq') expect(idxAfter.get(name)).toMatch(/UNIQUE.*\(device_id, eid, "?time"?\)/);
      else expect(idxAfter.get(name)).toBe(def);
    }

    // The id sequence goes on after the copied rows (and is owned by the new table).
    const maxId = Math.max(...rowsAfter.map((x) => Number(x.id)));
    const [made] = await insertAccessEvents(db, [event(u, 'new1', new Date())]);
    expect(Number(made?.id)).toBeGreaterThan(maxId);
    const owner = await sql<{ s: string | null }>`select pg_get_serial_sequence('access_event', 'id') as s`.execute(db);
    expect(owner.rows[0]?.s).toMatch(/access_event_id_seq/);
    const old = await sql<{ r: string | null }>`select to_regclass('access_event_unpartitioned')::text as r`.execute(db);
    expect(old.rows[0]?.r).toBeNull();
  });

  it('stores events of several months in their partitions, strays in the default one until their month is made', async () => {
    const db = h.db;
    const u = await unit(db);
    const now = new Date();
    const times = {
      m0: now,
      m1: new Date(monthStart(now, -1).getTime() + 3 * 86_400_000),
      next: new Date(monthStart(now, 1).getTime() + 86_400_000),
      stray: new Date(Date.UTC(2010, 4, 31, 23, 59, 59)),
    };
    const stored = await insertAccessEvents(
      db,
      Object.entries(times).map(([k, t]) => event(u, `sev-${k}`, t)),
    );
    expect(stored.length).toBe(4);
    let where = await placement(db);
    expect(where.get('sev-m0')).toBe(monthPartition(monthStart(now)));
    expect(where.get('sev-m1')).toBe(monthPartition(monthStart(now, -1)));
    expect(where.get('sev-next')).toBe(monthPartition(monthStart(now, 1)));
    expect(where.get('sev-stray')).toBe(DEFAULT_PARTITION);

    // While a stray waits in the default partition, lists are not bounded to the months (they would miss it).
    expect(await monthSpans(db)).toBeNull();

    const strayId = stored.find((s) => new Date(s.time).getUTCFullYear() === 2010)?.id;
    const report = await maintainEventPartitions(raw(db), { retentionMonths: 0 });
    expect(report.created).toEqual(['access_event_p201005']);
    where = await placement(db);
    expect(where.get('sev-stray')).toBe('access_event_p201005');
    const moved = await db.selectFrom('access_event').select(['id', 'time']).where('eid', '=', 'sev-stray').executeTakeFirstOrThrow();
    expect(Number(moved.id)).toBe(Number(strayId));
    expect(new Date(moved.time).toISOString()).toBe(times.stray.toISOString());
    const left = await sql<{ n: number }>`select count(*)::int as n from access_event_default`.execute(db);
    expect(left.rows[0]?.n).toBe(0);
    // Then the months' spans: runs of consecutive months (2010-05 alone among them), covering every event.
    const spans = (await monthSpans(db)) ?? [];
    expect(spans).toContainEqual({ from: new Date(Date.UTC(2010, 4, 1)), to: new Date(Date.UTC(2010, 5, 1)) });
    expect(spans.every((s, i) => i === 0 || (spans[i - 1] as { to: Date }).to < s.from)).toBe(true);
    for (const t of Object.values(times)) expect(spans.some((s) => s.from <= t && t < s.to)).toBe(true);
    // Nothing more to do the next round.
    expect(await maintainEventPartitions(raw(db), { retentionMonths: 0 })).toEqual({ created: [], dropped: [], deletedFromDefault: 0 });
  });

  it('stores an event a unit sends again once (same eid and time), whether in one batch, later, or after its month moved', async () => {
    const db = h.db;
    const u = await unit(db);
    const t = new Date();
    const first = await insertAccessEvents(db, [event(u, 'dup-1', t), event(u, 'dup-1', t), event(u, 'dup-2', t)]);
    expect(first.map((r) => r.account).length).toBe(2);
    expect(await insertAccessEvents(db, [event(u, 'dup-1', t), event(u, 'dup-2', t)])).toEqual([]);
    // An event of a month without a partition: once in the default partition, once after it moved.
    const old = new Date(Date.UTC(2005, 1, 10, 8));
    expect((await insertAccessEvents(db, [event(u, 'dup-old', old)])).length).toBe(1);
    expect(await insertAccessEvents(db, [event(u, 'dup-old', old)])).toEqual([]);
    await maintainEventPartitions(raw(db), { retentionMonths: 0 });
    expect(await insertAccessEvents(db, [event(u, 'dup-old', old)])).toEqual([]);
    const n = await sql<{ eid: string; n: number }>`select eid, count(*)::int as n from access_event
      where device_id = ${u.device_id} group by eid order by eid`.execute(db);
    expect(n.rows).toEqual([
      { eid: 'dup-1', n: 1 },
      { eid: 'dup-2', n: 1 },
      { eid: 'dup-old', n: 1 },
    ]);
    // Another unit may use the same eid.
    const v = await unit(db);
    expect((await insertAccessEvents(db, [event(v, 'dup-1', t)])).length).toBe(1);
  });

  it('drops only the months older than the retention, logs them, and keeps everything with 0', async () => {
    const db = h.db;
    const u = await unit(db);
    const now = new Date(Date.UTC(2031, 6, 15, 12)); // July 2031
    await createEventMonths(raw(db), new Date(Date.UTC(2030, 0, 1)), now);
    const at = (y: number, m: number) => new Date(Date.UTC(y, m, 14));
    await insertAccessEvents(db, [
      event(u, 'ret-2030-05', at(2030, 5)), // June 2030: before the cutoff
      event(u, 'ret-2030-06', at(2030, 6)), // July 2030: the first month kept
      event(u, 'ret-2031-06', at(2031, 6)),
    ]);
    // With 0 every month stays: an old stray gets a month of its own.
    await insertAccessEvents(db, [event(u, 'ret-stray', new Date(Date.UTC(1990, 0, 1)))]);
    const keepAll = logger();
    const all = await runEventMaintenance(db, h.kind, { retentionMonths: 0, now, log: keepAll });
    expect(all).toMatchObject({ dropped: [], deletedFromDefault: 0 });
    expect(all?.created).toEqual(['access_event_p203108', 'access_event_p203109', 'access_event_p203110', 'access_event_p199001']);
    expect(keepAll.lines.filter((l) => /dropped/.test(l.msg))).toEqual([]);
    // A stray older than the retention that reached the default partition is deleted, not given a month.
    await insertAccessEvents(db, [event(u, 'ret-stray2', new Date(Date.UTC(1991, 0, 1)))]);

    const monthsBefore = (await eventMonths(raw(db))).map((m) => m.name);
    const log = logger();
    const report = await runEventMaintenance(db, h.kind, { retentionMonths: 12, now, log });
    const cutoff = '203007';
    const older = monthsBefore.filter((m) => m.slice(-6) < cutoff);
    expect(older).toContain('access_event_p203006');
    expect(older).toContain('access_event_p199001');
    expect(report?.dropped.sort()).toEqual(older.sort());
    expect(report?.deletedFromDefault).toBe(1);
    expect(report?.created).toEqual([]);
    const monthsAfter = (await eventMonths(raw(db))).map((m) => m.name);
    expect(monthsAfter).toEqual(monthsBefore.filter((m) => m.slice(-6) >= cutoff));
    expect(monthsAfter).toContain('access_event_p203007');
    const left = (await sql<{ eid: string }>`select eid from access_event where eid like 'ret-%' order by eid`.execute(db)).rows;
    expect(left.map((r) => r.eid)).toEqual(['ret-2030-06', 'ret-2031-06']);
    const line = log.lines.find((l) => /older than the retention dropped/.test(l.msg));
    expect(line?.o).toMatchObject({ dropped: report?.dropped, retentionMonths: 12 });
    // The next round has nothing to drop.
    expect((await runEventMaintenance(db, h.kind, { retentionMonths: 12, now, log }))?.dropped).toEqual([]);
  });

  it.skipIf(kind !== 'postgres')('runs on one instance at a time: a round finds the lock taken and skips', async () => {
    const db = h.db;
    await db.connection().execute(async (c) => {
      await sql`begin`.execute(c);
      await sql`select pg_advisory_xact_lock(${0x6768}, ${ONCE_KEYS.eventPartitions})`.execute(c);
      try {
        expect(await runEventMaintenance(db, h.kind, { retentionMonths: 1, log: logger() })).toBeNull();
      } finally {
        await sql`rollback`.execute(c);
      }
    });
    expect(await runEventMaintenance(db, h.kind, { retentionMonths: 0, log: logger() })).not.toBeNull();
  });
});

describe('month partitions', () => {
  it('names and bounds months in UTC', () => {
    expect(monthPartition(monthStart(new Date('2026-01-31T23:30:00Z')))).toBe('access_event_p202601');
    expect(monthStart(new Date('2026-12-05T00:00:00Z'), 1).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(monthStart(new Date('2026-03-05T00:00:00Z'), -3).toISOString()).toBe('2025-12-01T00:00:00.000Z');
  });
});
