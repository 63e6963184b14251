import { type Kysely, sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { DB } from '../db/types.ts';
import { createEventMonth, eventMonths } from '../db/event-partitions.ts';
import { CliError } from './command.ts';

/** A database or a transaction on it (these statements read the catalogue, not the typed tables). */
type AnyDb = Kysely<DB>;

/** Kysely's own tables: the target's are written by its migrations, never copied. */
const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);
/** Tables the migrations (and the server's start) fill by themselves: a target holding only these is empty. */
const FILLED_BY_MIGRATIONS = new Set(['menu']);

export interface TableInfo {
  name: string;
  columns: string[];
  /** The primary key's columns, the order rows are copied in (a row referring to an earlier one of its table). */
  key: string[];
}

/** Our tables in the current schema: plain ones and partitioned parents (their partitions come with them). */
export async function ourTables(db: AnyDb): Promise<TableInfo[]> {
  const { rows } = await sql<{ name: string; columns: string[]; key: string[] | null }>`
    select c.relname as name,
      array(select a.attname::text from pg_attribute a
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
            order by a.attnum) as columns,
      (select array(select a.attname::text from unnest(i.indkey) with ordinality k(n, o)
                    join pg_attribute a on a.attrelid = c.oid and a.attnum = k.n order by k.o)
       from pg_index i where i.indrelid = c.oid and i.indisprimary) as key
    from pg_class c
    where c.relnamespace = to_regnamespace(current_schema())::oid
      and c.relkind in ('r', 'p') and not c.relispartition
    order by c.relname`.execute(db);
  return rows.filter((r) => !MIGRATION_TABLES.has(r.name)).map((r) => ({ name: r.name, columns: r.columns, key: r.key ?? [] }));
}

/** The first table of the target holding rows of a site (not only what migrations put there), if any. */
export async function firstFilledTable(db: AnyDb): Promise<string | undefined> {
  for (const t of await ourTables(db)) {
    if (FILLED_BY_MIGRATIONS.has(t.name)) continue;
    const { rows } = await sql<{ some: boolean }>`select exists (select 1 from ${sql.table(t.name)}) as some`.execute(db);
    if (rows[0]?.some) return t.name;
  }
  return undefined;
}

/** Tables in an order where every table comes after those its foreign keys refer to. */
export async function referencedFirst(db: AnyDb, tables: TableInfo[]): Promise<TableInfo[]> {
  const { rows } = await sql<{ child: string; parent: string }>`
    select ch.relname as child, pa.relname as parent
    from pg_constraint k join pg_class ch on ch.oid = k.conrelid join pg_class pa on pa.oid = k.confrelid
    where k.contype = 'f' and k.connamespace = to_regnamespace(current_schema())::oid`.execute(db);
  const byName = new Map(tables.map((t) => [t.name, t]));
  const needs = new Map(tables.map((t) => [t.name, new Set<string>()]));
  for (const r of rows) if (r.child !== r.parent && byName.has(r.parent)) needs.get(r.child)?.add(r.parent);
  const done: TableInfo[] = [];
  const placed = new Set<string>();
  while (done.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t.name) && [...(needs.get(t.name) ?? [])].every((p) => placed.has(p)));
    if (!ready.length)
      throw new CliError(
        `Foreign keys of the tables form a cycle: ${tables
          .filter((t) => !placed.has(t.name))
          .map((t) => t.name)
          .join(', ')}`,
      );
    for (const t of ready) {
      placed.add(t.name);
      done.push(t);
    }
  }
  return done;
}

export const countRows = async (db: AnyDb, table: string): Promise<number> =>
  Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db)).rows[0]?.n ?? 0);

/**
 * Drops the indexes of `tables` that no constraint owns or leans on (plain and unique indexes, not
 * primary keys nor what a foreign key refers to) and answers the statements that make them again: a
 * load builds each index once over the loaded rows (as pg_restore does) instead of row by row, GIN
 * indexes above all. Both run in the load's transaction, so a load that fails keeps every index.
 */
export async function dropIndexes(db: AnyDb, tables: string[]): Promise<string[]> {
  if (!tables.length) return [];
  const { rows } = await sql<{ name: string; def: string }>`
    select x.relname as name, pg_get_indexdef(i.indexrelid) as def
    from pg_index i join pg_class x on x.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
    where t.relnamespace = to_regnamespace(current_schema())::oid
      and t.relname in (${sql.join(tables)})
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
    order by x.relname`.execute(db);
  for (const r of rows) await sql`drop index ${sql.id(r.name)}`.execute(db);
  // A partitioned table's index reads "ON ONLY <table>": made on the whole table, its partitions get theirs.
  return rows.map((r) => r.def.replace(/ ON ONLY /, ' ON '));
}

/** Makes again the indexes dropIndexes dropped. */
export async function makeIndexes(db: AnyDb, statements: string[]): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}

/** The source's month partitions of access_event, made on the target before its events arrive. */
export async function copyEventMonths(from: Db, to: Db): Promise<void> {
  const [src, dst] = [from as unknown as Kysely<unknown>, to as unknown as Kysely<unknown>];
  for (const m of await eventMonths(src)) await createEventMonth(dst, m.start);
}

/** A sequence's state: where it stands and the column it numbers, if any. */
export interface SequenceState {
  seq: string;
  tbl: string | null;
  col: string | null;
  value: number;
  called: boolean;
}

/** Every sequence of a database and where it stands. */
export async function sequenceStates(from: AnyDb): Promise<SequenceState[]> {
  const { rows: seqs } = await sql<{ seq: string; tbl: string | null; col: string | null }>`
    select s.relname as seq, t.relname as tbl, a.attname as col
    from pg_class s
    left join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid and d.deptype in ('a', 'i')
      and d.refclassid = 'pg_class'::regclass
    left join pg_class t on t.oid = d.refobjid
    left join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
    where s.relkind = 'S' and s.relnamespace = to_regnamespace(current_schema())::oid
    order by s.relname`.execute(from);
  const out: SequenceState[] = [];
  for (const s of seqs) {
    const state = (
      await sql<{ v: string | number; called: boolean }>`select last_value as v, is_called as called from ${sql.table(s.seq)}`.execute(from)
    ).rows[0];
    out.push({ ...s, value: Number(state?.v ?? 1), called: state?.called ?? false });
  }
  return out;
}

/**
 * Sets each sequence of the target where the source's stood, and never below the largest value
 * of the column it numbers, so the next row gets a number no copied row has.
 */
export async function applySequences(to: AnyDb, states: SequenceState[]): Promise<number> {
  for (const s of states) {
    let { value, called } = s;
    if (s.tbl && s.col) {
      const max = (await sql<{ m: string | number | null }>`select max(${sql.ref(s.col)}) as m from ${sql.table(s.tbl)}`.execute(to))
        .rows[0]?.m;
      if (max != null && Number(max) >= value) {
        value = Number(max);
        called = true;
      }
    }
    await sql`select setval(${s.seq}::regclass, ${value}, ${called})`.execute(to);
  }
  return states.length;
}

/** Sets the target's sequences where the source's stand (see applySequences). */
export const setSequences = async (from: AnyDb, to: AnyDb): Promise<number> => applySequences(to, await sequenceStates(from));
