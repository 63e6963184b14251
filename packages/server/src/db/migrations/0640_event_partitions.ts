import { type Kysely, sql } from 'kysely';

/**
 * access_event becomes a table partitioned by month of `time` (issue 11; UTC months,
 * `access_event_pYYYYMM`, plus `access_event_default` for an event of a month without a
 * partition yet, so none is ever refused). The existing table is renamed, a partitioned
 * copy of its columns and defaults is created (the id sequence is kept and handed over),
 * partitions are made for every month that has rows and for the month before, the current
 * month and the next three, every row is copied, and every index is built again with its own
 * definition — except two that must now hold the partition key:
 * - the primary key becomes (id, time) (a lookup by id still uses it);
 * - the dedup of a unit's events, unique (device_id, eid), becomes (device_id, eid, time):
 *   a unit sends an event again unchanged, time included (docs/device-protocol.md §7),
 *   so a repeat still meets the stored row (`on conflict (device_id, eid, time)`).
 * Month partitions are then kept by db/event-partitions.ts (ahead of time, strays of the
 * default partition, retention).
 */
const AHEAD = 3;

const monthStart = (d: Date, add = 0) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1));
const partName = (m: Date) => `access_event_p${m.getUTCFullYear()}${String(m.getUTCMonth() + 1).padStart(2, '0')}`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const kind = await sql<{ k: string }>`select relkind::text as k from pg_class
    where relname = 'access_event' and relnamespace = to_regnamespace(current_schema())::oid`.execute(db);
  if (kind.rows[0]?.k === 'p') return; // already partitioned
  const { rows: indexes } = await sql<{ name: string; def: string; constraint: string | null }>`
    select i.indexname as name, i.indexdef as def, con.conname as constraint
    from pg_indexes i
    left join pg_constraint con on con.conindid = to_regclass(quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))
    where i.schemaname = current_schema() and i.tablename = 'access_event'`.execute(db);
  const seq = await sql<{ s: string | null }>`select pg_get_serial_sequence('access_event', 'id') as s`.execute(db);

  await sql`alter table access_event rename to access_event_unpartitioned`.execute(db);
  for (const i of indexes) {
    if (i.constraint) await sql`alter table access_event_unpartitioned drop constraint ${sql.id(i.constraint)}`.execute(db);
    else await sql`drop index ${sql.id(i.name)}`.execute(db);
  }
  await sql`create table access_event (like access_event_unpartitioned including defaults including constraints
    including storage including comments including generated) partition by range (time)`.execute(db);
  await sql`alter table access_event add constraint access_event_pkey primary key (id, time)`.execute(db);
  await sql`create table access_event_default partition of access_event default`.execute(db);

  const { rows: months } = await sql<{ m: Date | string }>`
    select distinct date_trunc('month', time, 'UTC') as m from access_event_unpartitioned`.execute(db);
  const starts = new Map<string, Date>();
  for (const { m } of months) starts.set(new Date(m).toISOString(), monthStart(new Date(m)));
  for (let a = -1; a <= AHEAD; a++) {
    const m = monthStart(new Date(), a);
    starts.set(m.toISOString(), m);
  }
  for (const m of [...starts.values()].sort((x, y) => x.getTime() - y.getTime())) {
    await sql
      .raw(
        `create table ${partName(m)} partition of access_event for values from ('${m.toISOString()}') to ('${monthStart(m, 1).toISOString()}')`,
      )
      .execute(db);
  }

  await sql`insert into access_event select * from access_event_unpartitioned`.execute(db);
  for (const i of indexes) {
    if (i.constraint === 'access_event_pkey') continue;
    if (i.name === 'access_event_eid_uq') {
      await sql`create unique index access_event_eid_uq on access_event (device_id, eid, time)`.execute(db);
      continue;
    }
    await sql.raw(i.def).execute(db);
  }
  if (seq.rows[0]?.s) await sql.raw(`alter sequence ${seq.rows[0].s} owned by access_event.id`).execute(db);
  await sql`drop table access_event_unpartitioned`.execute(db);
  await sql`analyze access_event`.execute(db);
}

/** Back to one plain table (every row kept; the dedup on (device_id, eid) again). */
export async function down(db: Kysely<unknown>): Promise<void> {
  const { rows: indexes } = await sql<{ name: string; def: string }>`
    select c.relname as name, pg_get_indexdef(c.oid) as def
    from pg_index x join pg_class c on c.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    where t.relname = 'access_event' and t.relnamespace = to_regnamespace(current_schema())::oid
      and c.relname not in ('access_event_pkey', 'access_event_eid_uq')`.execute(db);
  const seq = await sql<{ s: string | null }>`select pg_get_serial_sequence('access_event', 'id') as s`.execute(db);
  await sql`alter table access_event rename to access_event_partitioned`.execute(db);
  for (const i of indexes) await sql`alter index ${sql.id(i.name)} rename to ${sql.id(`${i.name}_p`)}`.execute(db);
  await sql`alter index access_event_pkey rename to access_event_pkey_p`.execute(db);
  await sql`alter index access_event_eid_uq rename to access_event_eid_uq_p`.execute(db);
  await sql`create table access_event (like access_event_partitioned including defaults including constraints
    including storage including comments including generated)`.execute(db);
  await sql`insert into access_event select * from access_event_partitioned`.execute(db);
  await sql`alter table access_event add primary key (id)`.execute(db);
  await sql`create unique index access_event_eid_uq on access_event (device_id, eid)`.execute(db);
  for (const i of indexes) await sql.raw(i.def.replace(' ON ONLY ', ' ON ')).execute(db);
  if (seq.rows[0]?.s) await sql.raw(`alter sequence ${seq.rows[0].s} owned by access_event.id`).execute(db);
  await sql`drop table access_event_partitioned cascade`.execute(db);
}
