import { IMPORT_LIMITS, msg } from '@gatehouse/contracts';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { badRequest } from '../http/errors.ts';

const MB = 1024 * 1024;

/** A limit of IMPORT_LIMITS broken: the refusal names it (in the session language). */
const partTooLarge = (part: string) => badRequest(msg('import.partTooLarge', { part, max: IMPORT_LIMITS.partBytes / MB }));
const unzippedTooLarge = () => badRequest(msg('import.unzippedTooLarge', { max: IMPORT_LIMITS.unzippedBytes / MB }));

export interface LimitedZip {
  has(name: string): boolean;
  /** The inflated bytes of one part, counted as they come (declared sizes can lie). */
  chunks(name: string): AsyncGenerator<Buffer>;
  close(): void;
}

const open = (path: string) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (err, zip) => (err ? reject(err) : resolve(zip))),
  );

/**
 * Reads the central directory (names and declared sizes, nothing inflated) and refuses
 * a file whose part count, part size or total unpacked size is over the limits.
 */
async function entriesOf(zip: ZipFile): Promise<Map<string, Entry>> {
  if (zip.entryCount > IMPORT_LIMITS.parts) throw badRequest(msg('import.tooManyParts', { max: IMPORT_LIMITS.parts }));
  const entries = new Map<string, Entry>();
  let declared = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (e: Entry) => {
      if (e.uncompressedSize > IMPORT_LIMITS.partBytes) return reject(partTooLarge(e.fileName));
      declared += e.uncompressedSize;
      if (declared > IMPORT_LIMITS.unzippedBytes) return reject(unzippedTooLarge());
      entries.set(e.fileName.replace(/^\/+/, '').toLowerCase(), e);
      zip.readEntry();
    });
    zip.readEntry();
  });
  return entries;
}

/** Opens an uploaded zip (an .xlsx) for reading its parts within IMPORT_LIMITS; a broken zip rejects with yauzl's error. */
export async function openLimitedZip(path: string): Promise<LimitedZip> {
  const zip = await open(path);
  let entries: Map<string, Entry>;
  try {
    entries = await entriesOf(zip);
  } catch (e) {
    zip.close();
    throw e;
  }
  let inflated = 0;
  return {
    has: (name) => entries.has(name.toLowerCase()),
    async *chunks(name) {
      const entry = entries.get(name.toLowerCase());
      if (!entry) return;
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
        zip.openReadStream(entry, (err, s) => (err ? reject(err) : resolve(s))),
      );
      let part = 0;
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          part += chunk.length;
          inflated += chunk.length;
          if (part > IMPORT_LIMITS.partBytes) throw partTooLarge(entry.fileName);
          if (inflated > IMPORT_LIMITS.unzippedBytes) throw unzippedTooLarge();
          yield chunk;
        }
      } finally {
        (stream as NodeJS.ReadableStream & { destroy(): void }).destroy();
      }
    },
    close: () => zip.close(),
  };
}
