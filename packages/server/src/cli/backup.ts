import fs from 'node:fs';
import path from 'node:path';
import { eventMonths } from '../db/event-partitions.ts';
import type { DbHandle } from '../db/index.ts';
import { BackupWriter, FORMAT, FORMAT_VERSION, type Manifest } from './backup-file.ts';
import { CliError, defineCommand, type Io, required } from './command.ts';
import { backupThroughServer, CONTROL_FILE, runningServer } from './control-client.ts';
import { ident, inSnapshot } from './copy-rows.ts';
import { ourTables, referencedFirst, sequenceStates } from './copy-tables.ts';
import { embeddedDir, schemaState, siteName, withSite } from './site.ts';
import { packageVersion } from './version.ts';

/** Text of one table entry before the next begins. */
const ENTRY_BYTES = 8_000_000;
/** What of DATA_DIR is not a stored file: the embedded database (its rows are in the dump), uploads in flight, backups. */
const NOT_STORED = new Set(['pg', 'tmp', 'backups', CONTROL_FILE]);

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

/** Prints how far a big table is, at most every PROGRESS_BYTES of its text. */
const PROGRESS_BYTES = 64_000_000;

/**
 * Writes a backup of the database of `handle` and of DATA_DIR's stored files to `file`: every table
 * read by COPY from one REPEATABLE READ snapshot (a change made meanwhile is wholly in or wholly
 * out), referenced tables first, the stored files read while that snapshot is held. Prints each
 * table's rows and bytes (and how far a big one is). On the embedded database (one connection) the
 * server's other statements wait until it is done.
 */
export async function writeBackup(
  handle: DbHandle,
  dataDir: string,
  file: string,
  io: Io,
  /** Folders of DATA_DIR left out too (where the backups go). */
  skip: string[] = [],
): Promise<Manifest> {
  const out = new BackupWriter(file);
  try {
    const manifest = await inSnapshot(handle, async ({ db, copyOut }) => {
      const { applied } = await schemaState(db);
      const tables = await referencedFirst(db, await ourTables(db));
      const months = await eventMonths(db as never);
      const sequences = await sequenceStates(db);
      const width = Math.max(...tables.map((t) => t.name.length)) + 2;
      const listed: Manifest['tables'] = [];
      let totalRows = 0;
      for (const t of tables) {
        const entries: string[] = [];
        let [rows, bytes, parts, held, shown] = [0, 0, [] as Buffer[], 0, 0];
        const flush = async () => {
          if (!held) return;
          const name = `tables/${t.name}/${String(entries.length + 1).padStart(6, '0')}.copy`;
          const data = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
          await out.add(name, data);
          entries.push(name);
          bytes += data.length;
          [parts, held] = [[], 0];
          if (bytes - shown >= PROGRESS_BYTES) {
            shown = bytes;
            io.out(`  ${t.name.padEnd(width)}${String(rows).padStart(10)} rows ${size(bytes).padStart(10)} …`);
          }
        };
        const select = `select ${t.columns.map(ident).join(', ')} from ${ident(t.name)}`;
        for await (const chunk of copyOut(select)) {
          // Whole rows only: cut a big chunk (PGlite's whole table) into entries at line ends.
          let at = 0;
          while (at < chunk.length) {
            const room = ENTRY_BYTES - held;
            let cut = chunk.length;
            if (chunk.length - at > room) {
              const nl = chunk.indexOf(10, at + room - 1);
              cut = nl < 0 ? chunk.length : nl + 1;
            }
            const piece = chunk.subarray(at, cut);
            parts.push(piece);
            held += piece.length;
            rows += countLines(piece);
            at = cut;
            if (held >= ENTRY_BYTES) await flush();
          }
        }
        await flush();
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
      // Read one by one, in this thread: a thread-pool read a file (open, stat, read, close) waits
      // longer than the read itself, and the pool is compressing the backup. The writer lets the
      // event loop run between its members.
      for (const rel of files) {
        const data = readStored(path.join(dataDir, rel));
        if (!data) continue; // deleted since the walk (its row is gone too, or will be)
        await out.add(`data/${rel}`, data);
        fileBytes += data.length;
        fileCount++;
        if (fileCount % 5000 === 0) io.out(`  stored files${String(fileCount).padStart(width - 2)} files ${size(fileBytes).padStart(9)} …`);
      }
      io.out(`  stored files${String(fileCount).padStart(width - 2)} files ${size(fileBytes).padStart(9)}`);
      io.out(`${tables.length} tables, ${totalRows} rows, ${fileCount} stored files`);
      return {
        format: FORMAT,
        formatVersion: FORMAT_VERSION,
        appVersion: packageVersion(),
        createdAt: new Date().toISOString(),
        source: handle.kind,
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

/** A stored file's bytes; null when it is gone since the walk. */
function readStored(full: string): Buffer | null {
  try {
    return fs.readFileSync(full);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/** Rows in a piece of COPY text: its line ends. */
function countLines(b: Buffer): number {
  let n = 0;
  for (let i = b.indexOf(10); i >= 0; i = b.indexOf(10, i + 1)) n++;
  return n;
}

/**
 * `gatehouse backup --out FILE`. On PostgreSQL it runs beside running servers (one snapshot). The
 * embedded database can be open in one process only: while a server runs on DATA_DIR, that server
 * writes the backup (asked through its control door, cli/control.ts); else the tool opens DATA_DIR.
 */
export const backupCommand = defineCommand({
  name: 'backup',
  summary: 'write a backup of the database and the stored files to one file (while the server runs)',
  usage: ['--out <file>  the backup file to write (written as <file>.partial, renamed when whole)'],
  options: { out: { type: 'string' } },
  async run(values, config, io) {
    const file = path.resolve(required(values, 'out'));
    if (fs.existsSync(file)) throw new CliError(`${file} exists: give a new file name`);
    if (!fs.existsSync(path.dirname(file))) throw new CliError(`No folder ${path.dirname(file)}`);
    const server = config.DATABASE_URL ? null : runningServer(config.dataDir);
    if (server && fs.existsSync(path.join(embeddedDir(config), 'postmaster.pid'))) {
      io.out(`Backup of ${siteName(config)} and the stored files of ${config.dataDir}, written by the running server (pid ${server.pid})`);
      await backupThroughServer(server, file, io);
      io.out(`Written ${file} (${size(fs.statSync(file).size)})`);
      return;
    }
    await withSite(config, {}, async (handle) => {
      io.out(`Backup of ${siteName(config)} and the stored files of ${config.dataDir}`);
      await writeBackup(handle, config.dataDir, file, io, [config.backupDir]);
      io.out(`Written ${file} (${size(fs.statSync(file).size)})`);
    });
  },
});
