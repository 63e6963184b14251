import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { promisify } from 'node:util';
import { createGunzip, gzip } from 'node:zlib';
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

/** Tar bytes a gzip member holds at most. */
const MEMBER_BYTES = 2 * 1024 * 1024;
/** Members being compressed (on the thread pool, side by side) ahead of the one being written. */
const IN_FLIGHT = 4;
const gzipAsync = promisify(gzip);

/** Names of stored files whose kinds are compressed already (photos, office files, archives). */
const PACKED_NAME = /\.(jpe?g|png|gif|webp|heic|avif|mp4|mov|zip|xlsx|docx|pptx|gz|tgz|bz2|xz|zst|7z|pdf)$/i;
/** The first bytes of such files, and of a sealed photo or form (`GHS1`, faces/sealed-files.ts). */
const PACKED_MAGIC = ['47485331', 'ffd8ff', '89504e47', '47494638', '504b0304', '1f8b', '28b52ffd', 'fd377a58'];

/**
 * Whether an entry is worth compressing: not a stored file that is compressed or sealed already (a
 * face photo: deflate would spend most of a backup's time on it for nothing). Those are stored in
 * the gzip stream as they are (deflate's level 0).
 */
export function compressible(name: string, data: Buffer): boolean {
  if (!name.startsWith('data/')) return true;
  if (PACKED_NAME.test(name)) return false;
  const head = data.subarray(0, 4).toString('hex');
  return !PACKED_MAGIC.some((m) => head.startsWith(m));
}

/**
 * Writes a backup to `<file>.partial` and gives it its name only once it is whole and on disk
 * (fsync): a failed or interrupted backup (a full disk) leaves no file that looks complete.
 *
 * The gzip stream is a series of gzip members (RFC 1952 allows it; gunzip, `tar -xzf` and every
 * earlier restore read it as one stream), each about 2 MB of tar, compressed a few at a time on the
 * thread pool while the next rows are read, and written in order: stored files that are compressed or
 * sealed already go in at level 0 (stored), everything else at level 1.
 */
export class BackupWriter {
  readonly entries: Manifest['entries'] = {};
  bytes = 0;
  private readonly temp: string;
  private readonly now = Date.now();
  private readonly opened: Promise<FileHandle>;
  private held: Buffer[] = [];
  private heldBytes = 0;
  private heldLevel = 1;
  /** The last member's write (each waits for the one before it: the file's order). */
  private written: Promise<void> = Promise.resolve();
  /** Members not written yet, oldest first. */
  private readonly queued: Promise<void>[] = [];

  constructor(readonly file: string) {
    this.temp = `${file}.partial`;
    this.opened = fs.promises.open(this.temp, 'w');
    this.opened.catch(() => {});
  }

  /** Tar bytes into the member being gathered; one of another level starts a new member. */
  private async put(b: Buffer, level: number): Promise<void> {
    if (this.heldBytes && level !== this.heldLevel) await this.cut();
    this.held.push(b);
    this.heldBytes += b.length;
    this.heldLevel = level;
    if (this.heldBytes >= MEMBER_BYTES) await this.cut();
  }

  /**
   * The gathered bytes sent to be compressed as one member and then written after the ones before
   * it; waits while IN_FLIGHT are not written yet, and lets the event loop run (a backup written by
   * a running server; the members' writes start from it).
   */
  private async cut(): Promise<void> {
    if (!this.heldBytes) return;
    const data = this.held.length === 1 ? (this.held[0] as Buffer) : Buffer.concat(this.held);
    // Output in few large chunks: level 0's output is as big as its input.
    const chunkSize = Math.min(Math.max(data.length + 1024, 16 * 1024), 4 * 1024 * 1024);
    const member = gzipAsync(data, { level: this.heldLevel, chunkSize });
    member.catch(() => {});
    [this.held, this.heldBytes] = [[], 0];
    const written = this.written.then(async () => {
      const bytes = await member;
      const fh = await this.opened;
      for (let at = 0; at < bytes.length; ) at += (await fh.write(bytes, at, bytes.length - at)).bytesWritten;
    });
    written.catch(() => {});
    this.written = written;
    this.queued.push(written);
    await new Promise(setImmediate);
    while (this.queued.length > IN_FLIGHT) await this.queued.shift();
  }

  /** One entry, its checksum kept for the manifest; `compress` false stores it as it is. */
  async add(name: string, data: Buffer, compress = compressible(name, data)): Promise<void> {
    if (name !== MANIFEST) this.entries[name] = { bytes: data.length, sha256: createHash('sha256').update(data).digest('hex') };
    this.bytes += data.length;
    const level = compress ? 1 : 0;
    await this.put(tarHeader(name, data.length, this.now), level);
    await this.put(data, level);
    await this.put(tarPadding(data.length), level);
  }

  /** The manifest last, then the file made durable and renamed into place. */
  async finish(manifest: Manifest): Promise<void> {
    await this.add(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 1)));
    await this.put(tarEnd(), 1);
    await this.cut();
    await this.written;
    const fh = await this.opened;
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
    await fs.promises.rename(this.temp, this.file);
  }

  /** Leaves nothing behind after a failure. */
  async abandon(): Promise<void> {
    await Promise.allSettled(this.queued.splice(0));
    this.held = [];
    const fh = await this.opened.catch(() => null);
    await fh?.close().catch(() => {});
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
