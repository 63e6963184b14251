import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { runPreparedOn } from './prepared.ts';
import { type CompiledQuery, Kysely, type LogEvent, PGliteDialect, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { MIGRATIONS } from './migrations/index.ts';
import { pgliteArrays } from './pglite-arrays.ts';
import type { DB } from './types.ts';

export type Db = Kysely<DB>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded database (its in-process LISTEN/NOTIFY), when kind is 'pglite'. */
  pglite?: PGlite;
  /** The pool of PostgreSQL connections, when kind is 'postgres' (COPY on one of them: cli/copy-rows.ts). */
  pool?: pg.Pool;
  close(): Promise<void>;
}

// timestamptz and bigint as JS values on the pg driver, like PGlite does.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * Every statement run, with its parameters (tests that read the plans of the app's queries), told as
 * it ends; `ms` is how long it took from being handed to the driver (statements run by Kysely).
 */
export type QueryListener = (q: { sql: string; parameters: readonly unknown[]; ms?: number }) => void;

const TIMESTAMPTZ = 1184;
const parseTimestamptz = pg.types.getTypeParser(TIMESTAMPTZ) as (text: string) => Date;

/**
 * A timestamptz in PostgreSQL's ISO text (`2026-11-25 08:30:00.123456+08`, `+05:30`) as epoch
 * milliseconds, fractions cut to the millisecond as `Date` does; other shapes (BC, infinity) through
 * the driver's parser.
 */
export function timestamptzMs(text: string): number {
  const n = text.length;
  if (n >= 22 && text[4] === '-' && text[10] === ' ' && text[13] === ':' && text[16] === ':') {
    let i = 19;
    let ms = 0;
    if (text[i] === '.') {
      let scale = 100;
      for (i++; i < n && digit(text, i) >= 0 && digit(text, i) <= 9; i++) {
        ms += digit(text, i) * scale;
        scale /= 10;
      }
      ms = Math.floor(ms);
    }
    const sign = text[i] === '-' ? -1 : text[i] === '+' ? 1 : 0;
    const rest = n - i - 1;
    if (sign !== 0 && (rest === 2 || rest === 5 || rest === 8)) {
      const offset = digits2(text, i + 1) * 3600 + (rest >= 5 ? digits2(text, i + 4) * 60 : 0) + (rest === 8 ? digits2(text, i + 7) : 0);
      const year = digit(text, 0) * 1000 + digit(text, 1) * 100 + digits2(text, 2);
      const wall = Date.UTC(year, digits2(text, 5) - 1, digits2(text, 8), digits2(text, 11), digits2(text, 14), digits2(text, 17), ms);
      if (year >= 100 && !Number.isNaN(wall)) return wall - sign * offset * 1000;
    }
  }
  return Number(parseTimestamptz(text));
}

/** The digit at `i` of `t` (its code minus '0'); module-level, not a closure made on every call. */
const digit = (t: string, i: number) => t.charCodeAt(i) - 48;
const digits2 = (t: string, i: number) => digit(t, i) * 10 + digit(t, i + 1);

/**
 * Runs a compiled statement with its rows as arrays in select order and timestamptz values as
 * epoch milliseconds (numbers): no row object, no field-name keys and no `Date` per row. For
 * million-row exports, whose rows must die young (docs/performance.md, Exports); other types
 * are parsed as for every query.
 */
export type ArrayQuery = (q: CompiledQuery) => Promise<unknown[][]>;
const arrayQueries = new WeakMap<Db, ArrayQuery>();

export function queryArrays(db: Db, q: CompiledQuery): Promise<unknown[][]> {
  const run = arrayQueries.get(db);
  if (!run) throw new Error('queryArrays: the database was not opened by openDb');
  return run(q);
}

/**
 * A statement's rows as arrays (as `queryArrays`), handed over one at a time as they are
 * taken. On PostgreSQL the rows are read off the connection only as fast as they are taken
 * (the socket paused while a few hundred wait), so a big batch never sits in memory; a taker
 * that pauses for over a second gets the rest of the statement read into memory, so the
 * connection goes back to the pool. Leaving early lets the statement end on its own (at most
 * the rest of it is read and dropped). PGlite answers a statement's rows all at once, as
 * JSON texts of 100 rows, each parsed only when its rows are taken (pglite-arrays.ts).
 */
export function streamArrays(db: Db, q: CompiledQuery): AsyncIterable<unknown[]> {
  const run = arrayStreams.get(db);
  if (!run) throw new Error('streamArrays: the database was not opened by openDb');
  return run.stream(q);
}

/**
 * Rows per keyset batch of a streamed read: 5,000 on PostgreSQL (read as taken), 10,000 on PGlite
 * (a statement's rows come at once, as JSON texts of 100 rows parsed as they are taken): each
 * statement is planned anew and opens its tables' files, so bigger batches cost less CPU; a batch
 * holds its unparsed texts, about 4 MB for an access-log export (docs/performance.md, "Exports").
 */
const PGLITE_BATCH = 10_000;
export const streamBatch = (db: Db): number => arrayStreams.get(db)?.batch ?? PGLITE_BATCH;

const arrayStreams = new WeakMap<Db, { stream: (q: CompiledQuery) => AsyncIterable<unknown[]>; batch: number }>();

/** Rows parsed a chunk at a time as they are taken (PGlite answers a statement at once, as JSON texts). */
async function* chunkByChunk(chunks: Promise<(() => unknown[][])[]>): AsyncGenerator<unknown[]> {
  const all = await chunks;
  for (let k = 0; k < all.length; k++) {
    const rows: (unknown[] | undefined)[] = (all[k] as () => unknown[][])();
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i] as unknown[];
      rows[i] = undefined;
      yield r;
    }
  }
}

const PAUSE_AT = 256;
const RESUME_AT = 64;
const PATIENCE_MS = 1000;

async function* pgStream(pool: pg.Pool, q: CompiledQuery): AsyncGenerator<unknown[]> {
  const client = await pool.connect();
  const socket = (client as unknown as { connection: { stream: { pause(): void; resume(): void } } }).connection.stream;
  let queue: (unknown[] | undefined)[] = [];
  let head = 0;
  let paused = false;
  let patient = true;
  let gone = false;
  let failed: Error | null = null;
  let ended = false;
  let wake: (() => void) | null = null;
  let impatience: NodeJS.Timeout | undefined;
  const resume = () => {
    clearTimeout(impatience);
    if (!paused) return;
    paused = false;
    socket.resume();
  };
  const finished = new Promise<void>((resolve) => {
    const query = new pg.Query({ text: q.sql, values: [...q.parameters], rowMode: 'array', types: pgArrayTypes } as pg.QueryConfig);
    query.on('row', (row: unknown[]) => {
      if (gone) return;
      queue.push(row);
      if (!paused && patient && queue.length - head >= PAUSE_AT) {
        paused = true;
        socket.pause();
        impatience = setTimeout(() => {
          patient = false;
          resume();
        }, PATIENCE_MS);
      }
      wake?.();
    });
    query.on('end', () => {
      ended = true;
      client.release();
      resolve();
      wake?.();
    });
    query.on('error', (err: Error) => {
      failed = err;
      ended = true;
      client.release(err);
      resolve();
      wake?.();
    });
    client.query(query);
  });
  try {
    for (;;) {
      if (head < queue.length) {
        const r = queue[head] as unknown[];
        queue[head++] = undefined;
        if (head >= 1024) {
          queue = queue.slice(head);
          head = 0;
        }
        if (paused && queue.length - head <= RESUME_AT) resume();
        yield r;
        continue;
      }
      if (failed) throw failed;
      if (ended) return;
      resume();
      await new Promise<void>((r) => {
        wake = r;
      });
      wake = null;
    }
  } finally {
    if (!ended) {
      // Left early: the rest of the statement is read and dropped; the connection goes back when it ends.
      gone = true;
      patient = false;
      queue = [];
      resume();
      void finished;
    }
  }
}

const pgArrayTypes = {
  getTypeParser: (oid: number, format?: string) =>
    oid === TIMESTAMPTZ ? timestamptzMs : pg.types.getTypeParser(oid, (format ?? 'text') as 'text'),
};

/**
 * PGlite's buffer pool unless told (config PGLITE_SHARED_BUFFERS). PostgreSQL's 128 MB default is
 * resident as soon as PGlite starts (its shared memory is written through at start); 32 MB holds
 * the server about 95 MB lower with no slower writes or scans measured (docs/performance.md, "Imports").
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/** Opens PostgreSQL (DATABASE_URL) or an embedded PGlite (in dataDir, or in memory). */
export async function openDb(opts: {
  url?: string;
  dataDir?: string | null;
  onQuery?: QueryListener;
  /** PGlite's shared_buffers (a PostgreSQL size, e.g. 32MB); PGLITE_SHARED_BUFFERS unless told. */
  sharedBuffers?: string;
  /** PGlite only: start from this dump of a data directory (`dumpDataDir`) instead of a new one. */
  from?: Blob;
  /** Told of every statement Kysely ran, as it ends (the caller cache's invalidation, http/caller-cache.ts). */
  afterStatement?: (sqlText: string) => void;
}): Promise<DbHandle> {
  const onQuery = opts.onQuery;
  const after = opts.afterStatement;
  const log =
    onQuery || after
      ? (e: LogEvent) => {
          onQuery?.({ sql: e.query.sql, parameters: e.query.parameters, ms: e.queryDurationMillis });
          after?.(e.query.sql);
        }
      : undefined;
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // A connection the database dropped (restart, outage): its statements fail (their callers see it), an idle
    // one is forgotten by the pool and the next query opens a new one. Unhandled, the 'error' event of the
    // pool (idle) or of a connection in use (a transaction, the dispatcher's locks) would end the process.
    pool.on('connect', (client) => {
      runPreparedOn(client);
      client.on('error', () => {});
    });
    pool.on('error', () => {});
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log });
    arrayQueries.set(db, async (q) => {
      onQuery?.({ sql: q.sql, parameters: q.parameters });
      const r = await pool.query({ text: q.sql, values: [...q.parameters], rowMode: 'array', types: pgArrayTypes });
      return r.rows;
    });
    arrayStreams.set(db, {
      batch: 5000,
      stream: (q) => {
        onQuery?.({ sql: q.sql, parameters: q.parameters });
        return pgStream(pool, q);
      },
    });
    return { db, kind: 'postgres', pool, close: () => db.destroy() };
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pg');
    fs.mkdirSync(dir, { recursive: true });
  }
  const pglite = new PGlite({
    dataDir: dir,
    loadDataDir: opts.from,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${opts.sharedBuffers ?? PGLITE_SHARED_BUFFERS}`],
  });
  await pglite.waitReady;
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }), log });
  // A read's rows come back as one JSON text (pglite-arrays.ts): PGlite's field-by-field reading cost more than the query.
  const chunks = pgliteArrays(pglite, { [TIMESTAMPTZ]: timestamptzMs });
  arrayQueries.set(db, async (q) => {
    onQuery?.({ sql: q.sql, parameters: q.parameters });
    return (await chunks(q)).flatMap((c) => c());
  });
  arrayStreams.set(db, {
    batch: PGLITE_BATCH,
    stream: (q) => {
      onQuery?.({ sql: q.sql, parameters: q.parameters });
      return chunkByChunk(chunks(q));
    },
  });
  return { db, kind: 'pglite', pglite, close: () => db.destroy() };
}

/** The migrator of the app's migrations (run by `migrate`; read by the command-line tool's `version`). */
export const migrator = (db: Db): Migrator =>
  new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    // Areas number their migrations by range (01xx, 02xx, ...), so a later-added lower
    // number must still run on a database that already has higher ones.
    allowUnorderedMigrations: true,
  });

/** Applied migrations this release does not have (a newer release's), in name order. */
export async function newerMigrations(db: Db): Promise<string[]> {
  const there = await sql<{ t: string | null }>`select to_regclass('kysely_migration')::text as t`.execute(db);
  if (!there.rows[0]?.t) return [];
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((r) => r.name).filter((n) => !(n in MIGRATIONS));
}

/** This release's migrations not applied yet, read without the migrator (which refuses unknown applied ones). */
async function newerSchemaState(db: Db): Promise<{ pending: string[] }> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const applied = new Set(rows.map((r) => r.name));
  return {
    pending: Object.keys(MIGRATIONS)
      .filter((n) => !applied.has(n))
      .sort(),
  };
}

/** Runs the pending migrations; answers the names of those it ran, in the order they ran. */
export async function migrate(db: Db): Promise<string[]> {
  // A newer release migrated this database (a rolling upgrade, docs/deployment.md): this release runs
  // beside it on the expanded schema, so it migrates nothing, provided it lacks none of its own.
  const newer = await newerMigrations(db);
  if (newer.length) {
    const { pending } = await newerSchemaState(db);
    if (pending.length)
      throw new Error(
        `The database has migrations of a newer release (${newer[0]}) but not this release's ${pending[0]}: upgrade this instance`,
      );
    return [];
  }
  const { error, results } = await migrator(db).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
