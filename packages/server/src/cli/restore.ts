import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { createEventMonth } from '../db/event-partitions.ts';
import { type Db, type DbHandle, migrate, migrator } from '../db/index.ts';
import { MIGRATIONS } from '../db/migrations/index.ts';
import { syncMenus } from '../db/seed.ts';
import { backupEntries, type Manifest, verifyBackup } from './backup-file.ts';
import { CliError, defineCommand, type Io, required } from './command.ts';
import { inLoad } from './copy-rows.ts';
import { inFlight } from './in-flight.ts';
import { applySequences, countRows, dropIndexes, firstFilledTable, makeIndexes, ourTables } from './copy-tables.ts';
import { embeddedDir, openPostgres, openSite, RESTORE_MARKER, schemaState, siteName } from './site.ts';

const BATCH_ROWS = 2000;
/** Stored files written (or moved into place) at once. */
const FILES_AT_ONCE = 16;
/** Prints how far a big table is, at most every PROGRESS_BYTES of its text. */
const PROGRESS_BYTES = 64_000_000;

const size = (bytes: number) => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} kB`);

/** Where a stored file of the backup goes in DATA_DIR; refuses a path leaving it. */
function destination(dataDir: string, name: string): string {
  const rel = name.slice('data/'.length);
  const full = path.resolve(dataDir, rel);
  if (!rel || path.isAbsolute(rel) || !full.startsWith(`${path.resolve(dataDir)}${path.sep}`))
    throw new CliError(`The backup holds a file outside DATA_DIR: ${rel}`);
  return full;
}

/** Refuses a backup of a schema this version does not know (a newer version's). */
export function checkSchema(manifest: Manifest): void {
  const known = new Set(Object.keys(MIGRATIONS));
  const unknown = manifest.migrations.filter((m) => !known.has(m));
  if (unknown.length)
    throw new CliError(
      `The backup is of a newer schema (${unknown.length} migrations this version does not have, e.g. ${unknown[0]}): restore it with gatehouse ${manifest.appVersion} or later`,
    );
}

/** Stored files of the backup already in DATA_DIR with other contents: restoring would overwrite them. */
function clashingFile(dataDir: string, manifest: Manifest): string | undefined {
  for (const [name, e] of Object.entries(manifest.entries)) {
    if (!name.startsWith('data/')) continue;
    const full = destination(dataDir, name);
    if (!fs.existsSync(full)) continue;
    const had = fs.readFileSync(full);
    if (createHash('sha256').update(had).digest('hex') !== e.sha256) return full;
  }
  return undefined;
}

/** Schema up to the backup's: its last migration in name order (older migrations only), then checks every table's columns. */
async function migrateToBackup(db: Db, manifest: Manifest): Promise<number> {
  const last = [...manifest.migrations].sort().at(-1);
  if (!last) throw new CliError('The backup has no schema');
  const { error, results } = await migrator(db).migrateTo(last);
  if (error) throw new Error(`Migration failed: ${String(error)}`);
  const { applied } = await schemaState(db);
  const missing = manifest.migrations.filter((m) => !applied.includes(m));
  if (missing.length) throw new CliError(`The target's schema lacks ${missing[0]}`);
  const columns = new Map((await ourTables(db)).map((t) => [t.name, t.columns.join(',')]));
  for (const t of manifest.tables) {
    if (columns.get(t.name) !== t.columns.join(',')) throw new CliError(`The table ${t.name} differs between the backup and the target`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').length;
}

/**
 * Loads a verified backup into an empty database and DATA_DIR: the schema of the backup first, then
 * every row in one transaction (a restore stopped half-way leaves no row): each table by one COPY
 * (format 1's NDJSON rows by inserts), the stored files unpacked beside and put in place before that
 * transaction commits (a second run takes files it finds identical), the sequences, and last the
 * migrations this version has beyond the backup's.
 */
export async function loadBackup(handle: DbHandle, file: string, manifest: Manifest, dataDir: string, io: Io): Promise<void> {
  const db = handle.db;
  const filled = await firstFilledTable(db);
  if (filled) throw new CliError(`The target database is not empty (table ${filled} has rows): give an empty database`);
  const clash = clashingFile(dataDir, manifest);
  if (clash) throw new CliError(`${clash} exists with other contents: restore into an empty DATA_DIR`);
  const ran = await migrateToBackup(db, manifest);
  io.out(`Schema of the backup: ${manifest.migrations.length} migrations (${ran} applied now)`);
  for (const m of manifest.eventMonths) await createEventMonth(db as never, new Date(m));
  const tables = new Map(manifest.tables.map((t) => [t.name, t]));
  const width = Math.max(...manifest.tables.map((t) => t.name.length)) + 2;
  const staging = path.join(dataDir, `.restore-${process.pid}`);
  for (const stale of fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : [])
    if (stale.startsWith('.restore-') && stale !== RESTORE_MARKER)
      await fs.promises.rm(path.join(dataDir, stale), { recursive: true, force: true });
  const placed: string[] = [];
  const unpacking = inFlight(FILES_AT_ONCE);
  io.out('Loading the rows (one transaction)');
  try {
    await inLoad(handle, async (load) => {
      const trx = load.db;
      const present = (await ourTables(trx)).map((t) => t.name);
      await sql`truncate ${sql.join(present.map((n) => sql.table(n)))}`.execute(trx);
      const indexes = await dropIndexes(trx, present);
      let files = 0;
      let fileBytes = 0;
      let open: { name: string; rows: number; bytes: number; shown: number } | null = null;
      const loaded = new Map<string, number>();
      const endTable = async () => {
        if (!open) return;
        const t = open;
        open = null;
        const rows = manifest.formatVersion === 1 ? t.rows : await load.end();
        loaded.set(t.name, rows);
        io.out(`  ${t.name.padEnd(width)}${String(rows).padStart(10)} rows ${size(t.bytes).padStart(10)}`);
      };
      for await (const e of backupEntries(file)) {
        const want = manifest.entries[e.name];
        if (!want) continue;
        if (createHash('sha256').update(e.data).digest('hex') !== want.sha256)
          throw new CliError(`The file changed while restoring (${e.name})`);
        if (e.name.startsWith('data/')) {
          await endTable();
          const to = path.join(staging, e.name);
          const data = e.data;
          await unpacking.add(async () => {
            await fs.promises.mkdir(path.dirname(to), { recursive: true });
            await fs.promises.writeFile(to, data);
          });
          files++;
          fileBytes += e.data.length;
          if (files % 5000 === 0) io.out(`  stored files${String(files).padStart(width - 2)} files ${size(fileBytes).padStart(9)} …`);
          continue;
        }
        const t = tables.get(e.name.split('/')[1] ?? '');
        if (!t) continue;
        const current = open as { name: string; rows: number; bytes: number; shown: number } | null;
        if (current?.name !== t.name) {
          await endTable();
          open = { name: t.name, rows: 0, bytes: 0, shown: 0 };
          if (manifest.formatVersion !== 1) load.begin(t.name, t.columns);
        }
        const o = open as unknown as { name: string; rows: number; bytes: number; shown: number };
        o.bytes += e.data.length;
        if (manifest.formatVersion === 1) o.rows += await insertJsonRows(trx, t, e.data);
        else await load.write(e.data);
        if (o.bytes - o.shown >= PROGRESS_BYTES) {
          o.shown = o.bytes;
          io.out(`  ${t.name.padEnd(width)}${size(o.bytes).padStart(21)} …`);
        }
      }
      await endTable();
      await unpacking.settle();
      const wrong: string[] = [];
      for (const t of manifest.tables) {
        const has = manifest.formatVersion === 1 ? await countRows(trx, t.name) : (loaded.get(t.name) ?? 0);
        if (has !== t.rows) {
          wrong.push(t.name);
          io.out(`  ${t.name.padEnd(width)}${String(t.rows).padStart(10)} → ${String(has).padStart(10)}  MISMATCH`);
        }
      }
      if (wrong.length) throw new CliError(`Row counts differ for ${wrong.join(', ')}: nothing was restored`);
      io.out(`Building ${indexes.length} indexes`);
      await makeIndexes(trx, indexes);
      await applySequences(trx, manifest.sequences);
      const placing = inFlight(FILES_AT_ONCE);
      for (const name of Object.keys(manifest.entries)) {
        if (!name.startsWith('data/')) continue;
        const to = destination(dataDir, name);
        if (!fs.existsSync(to)) placed.push(to);
        await placing.add(async () => {
          await fs.promises.mkdir(path.dirname(to), { recursive: true });
          await fs.promises.rename(path.join(staging, name), to);
        });
      }
      await placing.settle();
      io.out(`  stored files${String(files).padStart(width - 2)} files ${size(fileBytes).padStart(9)}`);
    });
  } catch (e) {
    await Promise.all(placed.map((p) => fs.promises.rm(p, { force: true })));
    throw e;
  } finally {
    await unpacking.settle().catch(() => {});
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
  const later = await migrate(db);
  await syncMenus(db);
  if (later.length) io.out(`${later.length} migrations of this version applied after the backup's`);
}

/** Format 1's rows (NDJSON as to_json wrote them) inserted in batches; answers how many. */
async function insertJsonRows(trx: Db, t: Manifest['tables'][number], data: Buffer): Promise<number> {
  const cols = sql.join(t.columns.map((c) => sql.ref(c)));
  const lines = data.toString('utf8').split('\n').filter(Boolean);
  for (let i = 0; i < lines.length; i += BATCH_ROWS) {
    await sql`insert into ${sql.table(t.name)} (${cols})
      select ${cols} from json_populate_recordset(null::${sql.table(t.name)}, ${`[${lines.slice(i, i + BATCH_ROWS).join(',')}]`}::json)`.execute(
      trx,
    );
  }
  return lines.length;
}

/** `gatehouse restore FILE`: into an empty PostgreSQL database (DATABASE_URL) or an empty DATA_DIR. */
export const restoreCommand = defineCommand({
  name: 'restore',
  summary: 'restore a backup file into an empty site (the server stopped)',
  usage: ['<file>  the backup file (gatehouse backup --out)'],
  options: {},
  positional: 'file',
  async run(values, config, io) {
    const file = path.resolve(required(values, 'file'));
    if (!fs.existsSync(file)) throw new CliError(`No file ${file}`);
    let manifest: Manifest;
    try {
      manifest = await verifyBackup(file);
    } catch (e) {
      throw new CliError(`${file} is refused, nothing was written: ${e instanceof Error ? e.message : String(e)}`);
    }
    checkSchema(manifest);
    io.out(`Backup of ${manifest.createdAt} (gatehouse ${manifest.appVersion}, ${manifest.source}): every checksum matches`);
    let handle: DbHandle;
    const marker = path.join(config.dataDir, RESTORE_MARKER);
    if (config.DATABASE_URL) handle = await openPostgres(config.DATABASE_URL);
    else {
      // A restore that made the embedded database and was killed before it ended: its database is
      // not the site's, so it is made again (the marker says this tool made it).
      if (fs.existsSync(marker)) {
        io.out(`A restore into ${config.dataDir} did not finish: its embedded database is made again`);
        await fs.promises.rm(embeddedDir(config), { recursive: true, force: true });
      }
      const exists = fs.existsSync(path.join(embeddedDir(config), 'PG_VERSION'));
      if (!exists) {
        await fs.promises.mkdir(config.dataDir, { recursive: true });
        await fs.promises.writeFile(marker, JSON.stringify({ pid: process.pid, file, startedAt: new Date().toISOString() }));
      }
      handle = await openSite(config, { create: !exists, restoring: true });
    }
    try {
      await loadBackup(handle, file, manifest, config.dataDir, io);
    } finally {
      await handle.close();
    }
    await fs.promises.rm(marker, { force: true });
    io.out(`Restored into ${siteName(config)} and ${config.dataDir}; start the server.`);
  },
});
