import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { eventMonths } from '../db/event-partitions.ts';
import type { Db } from '../db/index.ts';
import { BackupWriter, FORMAT, type Manifest } from './backup-file.ts';
import { CliError, defineCommand, type Io, required } from './command.ts';
import { ourTables, referencedFirst, sequenceStates } from './copy-tables.ts';
import { openSite, schemaState, siteName } from './site.ts';
import { packageVersion } from './version.ts';

/** Text of one table entry before the next begins. */
const ENTRY_BYTES = 8_000_000;
/** What of DATA_DIR is not a stored file: the embedded database (its rows are in the dump), uploads in flight, backups. */
const NOT_STORED = new Set(['pg', 'tmp', 'backups']);

/** Every file under DATA_DIR but those of NOT_STORED and `skip`, as paths relative to it (slashes). */
function storedFiles(dataDir: string, skip: Set<string>): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    let items: fs.Dirent[];
    try {
      items = fs.readdirSync(path.join(dataDir, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const d of items) {
      const r = rel ? `${rel}/${d.name}` : d.name;
      if (!rel && (NOT_STORED.has(d.name) || d.name.startsWith('.restore-'))) continue;
      if (skip.has(path.join(dataDir, r))) continue;
      if (d.isDirectory()) walk(r);
      else if (d.isFile()) out.push(r);
    }
  };
  walk('');
  return out.sort();
}

const size = (bytes: number) => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} kB`);

/**
 * Writes a backup of `db` and of DATA_DIR's stored files to `file`: every table read from one
 * REPEATABLE READ snapshot (a change made meanwhile is wholly in or wholly out), referenced tables
 * first, the stored files read while that snapshot is held. Prints each table's rows and bytes.
 * On the embedded database (one connection) the server's other statements wait until it is done.
 */
export async function writeBackup(
  db: Db,
  source: Manifest['source'],
  dataDir: string,
  file: string,
  io: Io,
  /** Folders of DATA_DIR left out too (where the backups go). */
  skip: string[] = [],
): Promise<Manifest> {
  const out = new BackupWriter(file);
  try {
    const manifest = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        await sql`set transaction read only`.execute(trx);
        const { applied } = await schemaState(trx as unknown as Db);
        const tables = await referencedFirst(trx, await ourTables(trx));
        const months = await eventMonths(trx as never);
        const sequences = await sequenceStates(trx);
        const width = Math.max(...tables.map((t) => t.name.length)) + 2;
        const listed: Manifest['tables'] = [];
        let totalRows = 0;
        for (const [i, t] of tables.entries()) {
          const cols = sql.join(t.columns.map((c) => sql.ref(c)));
          const order = t.key.length ? sql` order by ${sql.join(t.key.map((k) => sql.ref(k)))}` : sql``;
          const cursor = `gh_backup_${i}`;
          await sql`declare ${sql.id(cursor)} no scroll cursor for
            select to_json(r)::text as j from (select ${cols} from ${sql.table(t.name)}${order}) r`.execute(trx);
          const entries: string[] = [];
          let [rows, bytes, lines, chars] = [0, 0, [] as string[], 0];
          const flush = async () => {
            if (!lines.length) return;
            const name = `tables/${t.name}/${String(entries.length + 1).padStart(6, '0')}.ndjson`;
            const data = Buffer.from(`${lines.join('\n')}\n`);
            await out.add(name, data);
            entries.push(name);
            bytes += data.length;
            [lines, chars] = [[], 0];
          };
          for (;;) {
            const { rows: got } = await sql<{ j: string }>`fetch 10000 from ${sql.id(cursor)}`.execute(trx);
            if (!got.length) break;
            for (const r of got) {
              lines.push(r.j);
              chars += r.j.length;
            }
            rows += got.length;
            if (chars >= ENTRY_BYTES) await flush();
          }
          await flush();
          await sql`close ${sql.id(cursor)}`.execute(trx);
          listed.push({ name: t.name, columns: t.columns, rows, entries });
          totalRows += rows;
          io.out(`  ${t.name.padEnd(width)}${String(rows).padStart(10)} rows ${size(bytes).padStart(10)}`);
        }
        const files = storedFiles(
          dataDir,
          new Set([path.resolve(file), `${path.resolve(file)}.partial`, ...skip.map((d) => path.resolve(d))]),
        );
        let fileBytes = 0;
        let fileCount = 0;
        for (const rel of files) {
          let data: Buffer;
          try {
            data = await fs.promises.readFile(path.join(dataDir, rel));
          } catch {
            continue; // deleted since the walk (its row is gone too, or will be)
          }
          await out.add(`data/${rel}`, data);
          fileBytes += data.length;
          fileCount++;
        }
        io.out(`  stored files${String(fileCount).padStart(width - 2)} files ${size(fileBytes).padStart(9)}`);
        io.out(`${tables.length} tables, ${totalRows} rows, ${fileCount} stored files`);
        return {
          format: FORMAT,
          formatVersion: 1,
          appVersion: packageVersion(),
          createdAt: new Date().toISOString(),
          source,
          migrations: applied,
          eventMonths: months.map((m) => m.start.toISOString()),
          sequences,
          tables: listed,
          entries: out.entries,
        } satisfies Manifest;
      });
    await out.finish(manifest);
    return manifest;
  } catch (e) {
    await out.abandon();
    throw e;
  }
}

/**
 * `gatehouse backup --out FILE`. On PostgreSQL it runs beside running servers (one snapshot); the
 * embedded database can be read by one process only, so there the server must be stopped.
 */
export const backupCommand = defineCommand({
  name: 'backup',
  summary: 'write a backup of the database and the stored files to one file',
  usage: ['--out <file>  the backup file to write (written as <file>.partial, renamed when whole)'],
  options: { out: { type: 'string' } },
  async run(values, config, io) {
    const file = path.resolve(required(values, 'out'));
    if (fs.existsSync(file)) throw new CliError(`${file} exists: give a new file name`);
    if (!fs.existsSync(path.dirname(file))) throw new CliError(`No folder ${path.dirname(file)}`);
    const handle = await openSite(config);
    try {
      io.out(`Backup of ${siteName(config)} and the stored files of ${config.dataDir}`);
      await writeBackup(handle.db, handle.kind, config.dataDir, file, io, [config.backupDir]);
      io.out(`Written ${file} (${size(fs.statSync(file).size)})`);
    } finally {
      await handle.close();
    }
  },
});
