import { once } from 'node:events';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Db, DbHandle } from '../db/index.ts';

/**
 * Rows in bulk, in PostgreSQL's COPY text format, on both databases: out of one REPEATABLE READ
 * snapshot (`inSnapshot`) and into one transaction (`inLoad`). PostgreSQL: COPY … TO STDOUT / FROM
 * STDIN on one connection of the pool (pg-copy-streams), streamed. PGlite: COPY … TO / FROM
 * '/dev/blob', a whole table at a time (PGlite's only way to COPY), inside PGlite's own transaction.
 * Either way the catalogue statements of the work run on the same session, through `db`.
 */

/** A name quoted for SQL. */
export const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** What runs inside a read snapshot. */
export interface Snapshot {
  /** Statements on the snapshot's session. */
  db: Db;
  /** The COPY text of a select, in chunks that end at a row's end. */
  copyOut(select: string): AsyncIterable<Buffer>;
}

/** What runs inside the load's transaction: statements, and COPY of one table at a time. */
export interface Load {
  db: Db;
  /** Starts a table's COPY … FROM; write its text (rows whole across writes), then end. */
  begin(table: string, columns: string[]): void;
  write(chunk: Buffer): Promise<void>;
  /** Ends the table's COPY; answers the rows it loaded. */
  end(): Promise<number>;
}

/** A Kysely whose statements all run on one pg client (no pool of its own; destroying it leaves the client open). */
function onClient(client: pg.PoolClient): Db {
  const one = { query: client.query.bind(client), release: () => {} };
  return new Kysely({
    dialect: new PostgresDialect({ pool: { connect: async () => one, end: async () => {} } as never }),
  }) as Db;
}

/** A Kysely whose statements all run in one PGlite transaction. */
function onTransaction(tx: Transaction): Db {
  const shim = {
    query: tx.query.bind(tx),
    closed: false,
    ready: true,
    waitReady: Promise.resolve(),
    close: async () => {},
    transaction: () => {
      throw new Error('already in a transaction');
    },
  };
  return new Kysely({ dialect: new PGliteDialect({ pglite: shim as unknown as PGlite }) }) as Db;
}

const pglite = (handle: DbHandle): PGlite => {
  if (!handle.pglite) throw new Error('not an embedded database');
  return handle.pglite;
};

const pool = (handle: DbHandle): pg.Pool => {
  if (!handle.pool) throw new Error('not a PostgreSQL database');
  return handle.pool;
};

/** Splits COPY text in chunks that end at a line's end (a row is one line: newlines in values are escaped). */
async function* wholeRows(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let rest: Buffer | null = null;
  for await (const c of chunks) {
    const b: Buffer = rest ? Buffer.concat([rest, c]) : c;
    const cut = b.lastIndexOf(10);
    if (cut < 0) {
      rest = b;
      continue;
    }
    rest = cut + 1 < b.length ? b.subarray(cut + 1) : null;
    yield b.subarray(0, cut + 1);
  }
  if (rest?.length) yield rest;
}

/** Runs `work` in a read-only REPEATABLE READ transaction: everything it reads is of one moment. */
export async function inSnapshot<T>(handle: DbHandle, work: (s: Snapshot) => Promise<T>): Promise<T> {
  if (handle.kind === 'pglite') {
    return pglite(handle).transaction(async (tx) => {
      await tx.exec('set transaction isolation level repeatable read; set transaction read only');
      const db = onTransaction(tx);
      return work({
        db,
        async *copyOut(select) {
          const r = await tx.query(`copy (${select}) to '/dev/blob'`);
          if (r.blob) yield Buffer.from(await r.blob.arrayBuffer());
        },
      });
    });
  }
  return inClientTransaction(handle, 'begin isolation level repeatable read read only', (client) =>
    work({
      db: onClient(client),
      copyOut: (select) => wholeRows(client.query(copyTo(`copy (${select}) to stdout`))),
    }),
  );
}

/** Runs `work` on a pooled PostgreSQL connection inside a transaction opened by `begin`: committed if it ends, else rolled back. */
async function inClientTransaction<T>(handle: DbHandle, begin: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool(handle).connect();
  let ok = false;
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('commit');
    ok = true;
    return result;
  } finally {
    if (!ok) await client.query('rollback').catch(() => {});
    client.release(!ok);
  }
}

/** Runs `work` in one transaction: committed if it ends, rolled back (nothing written) if it throws. */
export async function inLoad<T>(handle: DbHandle, work: (l: Load) => Promise<T>): Promise<T> {
  if (handle.kind === 'pglite') {
    return pglite(handle).transaction(async (tx) => {
      let table: { sql: string; parts: Buffer[] } | null = null;
      return work({
        db: onTransaction(tx),
        begin(name, columns) {
          table = { sql: `copy ${ident(name)} (${columns.map(ident).join(', ')}) from '/dev/blob'`, parts: [] };
        },
        async write(chunk) {
          table?.parts.push(chunk);
        },
        async end() {
          const t = table as { sql: string; parts: Buffer[] } | null;
          table = null;
          if (!t) return 0;
          const r = await tx.query(t.sql, [], { blob: new Blob(t.parts as BlobPart[]) });
          return r.affectedRows ?? 0;
        },
      });
    });
  }
  return inClientTransaction(handle, 'begin', async (client) => {
    let stream: ReturnType<typeof copyFrom> | null = null;
    let failed: Error | null = null;
    return work({
      db: onClient(client),
      begin(name, columns) {
        failed = null;
        stream = client.query(copyFrom(`copy ${ident(name)} (${columns.map(ident).join(', ')}) from stdin`));
        stream.on('error', (e: Error) => {
          failed = e;
        });
      },
      async write(chunk) {
        const s = stream as ReturnType<typeof copyFrom> | null;
        if (!s) throw new Error('no table begun');
        if (failed) throw failed;
        if (s.write(chunk)) return;
        // Both waits end together (no listener left behind per full buffer).
        const ac = new AbortController();
        try {
          await Promise.race([
            once(s, 'drain', { signal: ac.signal }),
            once(s, 'error', { signal: ac.signal }).then(([e]) => Promise.reject(e)),
          ]);
        } finally {
          ac.abort();
        }
      },
      async end() {
        const s = stream as ReturnType<typeof copyFrom> | null;
        stream = null;
        if (!s) return 0;
        if (failed) throw failed;
        await new Promise<void>((resolve, reject) => {
          s.once('error', reject);
          s.end(() => resolve());
        });
        return s.rowCount;
      },
    });
  });
}
