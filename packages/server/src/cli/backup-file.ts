import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import { createGunzip, createGzip } from 'node:zlib';
import type { SequenceState } from './copy-tables.ts';
import { readTar, type TarEntry, tarEnd, tarHeader, tarPadding } from './tar.ts';

/**
 * The backup file (docs/operations.md, "Backup and restore"): a gzip-compressed tar whose entries are
 * `tables/<table>/<n>.copy` (rows in PostgreSQL's COPY text format, the manifest's columns in order;
 * format 1: `<n>.ndjson`, one row a line as PostgreSQL's to_json writes it), `data/<path>` (every
 * stored file of DATA_DIR, at its path there) and, last, `manifest.json` (this interface).
 */
export interface Manifest {
  format: 'gatehouse-backup';
  /** 2: rows as COPY text; 1 (read still): rows as NDJSON. */
  formatVersion: 1 | 2;
  appVersion: string;
  createdAt: string;
  /** The database it was taken from. */
  source: 'pglite' | 'postgres';
  /** The applied migrations, in the order they ran; the last one is the schema version. */
  migrations: string[];
  /** The month partitions of access_event (first day, ISO). */
  eventMonths: string[];
  /** Where each sequence stood. */
  sequences: SequenceState[];
  /** Every table, referenced tables first, with its columns, row count and entries. */
  tables: { name: string; columns: string[]; rows: number; entries: string[] }[];
  /** Every entry but the manifest: its size and SHA-256 (hex). */
  entries: Record<string, { bytes: number; sha256: string }>;
}

export const FORMAT = 'gatehouse-backup';
export const MANIFEST = 'manifest.json';
/** The format this version writes; it reads it and every older one. */
export const FORMAT_VERSION = 2;

/**
 * Writes a backup to `<file>.partial` and gives it its name only once it is whole and on disk
 * (fsync): a failed or interrupted backup (a full disk) leaves no file that looks complete.
 */
export class BackupWriter {
  readonly entries: Manifest['entries'] = {};
  bytes = 0;
  private readonly gzip = createGzip({ level: 1 });
  private readonly done: Promise<void>;
  private readonly temp: string;
  private readonly now = Date.now();

  constructor(readonly file: string) {
    this.temp = `${file}.partial`;
    const out = fs.createWriteStream(this.temp, { flags: 'w' });
    this.done = new Promise((resolve, reject) => {
      out.on('close', resolve);
      out.on('error', reject);
      this.gzip.on('error', reject);
    });
    this.done.catch(() => {});
    this.gzip.pipe(out);
  }

  /** Writes through the gzip, waiting while it is full; fails as soon as the file fails (a full disk). */
  private async write(b: Buffer): Promise<void> {
    if (this.gzip.write(b)) return;
    const ac = new AbortController();
    try {
      await Promise.race([
        once(this.gzip, 'drain', { signal: ac.signal }),
        this.done.then(() => Promise.reject(new Error('the file closed early'))),
      ]);
    } finally {
      ac.abort();
    }
  }

  /** One entry, its checksum kept for the manifest. */
  async add(name: string, data: Buffer): Promise<void> {
    if (name !== MANIFEST) this.entries[name] = { bytes: data.length, sha256: createHash('sha256').update(data).digest('hex') };
    this.bytes += data.length;
    await this.write(tarHeader(name, data.length, this.now));
    await this.write(data);
    await this.write(tarPadding(data.length));
  }

  /** The manifest last, then the file made durable and renamed into place. */
  async finish(manifest: Manifest): Promise<void> {
    await this.add(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 1)));
    await this.write(tarEnd());
    this.gzip.end();
    await this.done;
    const fd = await fs.promises.open(this.temp, 'r+');
    try {
      await fd.sync();
    } finally {
      await fd.close();
    }
    await fs.promises.rename(this.temp, this.file);
  }

  /** Leaves nothing behind after a failure. */
  async abandon(): Promise<void> {
    this.gzip.destroy();
    await this.done.catch(() => {});
    await fs.promises.rm(this.temp, { force: true });
  }
}

/** The entries of a backup file, as they come. */
export function backupEntries(file: string): AsyncGenerator<TarEntry> {
  return readTar(fs.createReadStream(file).pipe(createGunzip()));
}

/**
 * Reads a whole backup file and answers its manifest once every entry's size and checksum match it
 * and no entry is missing or extra; anything else (truncated, altered, not a backup) throws a reason.
 */
export async function verifyBackup(file: string): Promise<Manifest> {
  const seen = new Map<string, { bytes: number; sha256: string }>();
  let manifest: Manifest | undefined;
  try {
    for await (const e of backupEntries(file)) {
      if (manifest) throw new Error('an entry after the manifest');
      if (e.name === MANIFEST) manifest = JSON.parse(e.data.toString('utf8')) as Manifest;
      else seen.set(e.name, { bytes: e.data.length, sha256: createHash('sha256').update(e.data).digest('hex') });
    }
  } catch (e) {
    throw new Error(`not a whole backup file (${e instanceof Error ? e.message : String(e)})`);
  }
  if (!manifest || manifest.format !== FORMAT) throw new Error('not a gatehouse backup file (no manifest)');
  if (manifest.formatVersion !== 1 && manifest.formatVersion !== 2)
    throw new Error(`a backup format this version does not read (${manifest.formatVersion})`);
  for (const [name, want] of Object.entries(manifest.entries)) {
    const got = seen.get(name);
    if (!got) throw new Error(`the entry ${name} is missing`);
    if (got.bytes !== want.bytes || got.sha256 !== want.sha256) throw new Error(`the entry ${name} does not match its checksum`);
    seen.delete(name);
  }
  if (seen.size) throw new Error(`an entry the manifest does not list: ${[...seen.keys()][0]}`);
  return manifest;
}
