/**
 * The few lines of tar (POSIX ustar, regular files only) a backup needs: each entry's 512-byte
 * header, its bytes padded to 512, two zero blocks at the end. Readable by `tar -xzf`.
 */

const BLOCK = 512;

function octal(n: number, width: number): string {
  return `${n.toString(8).padStart(width - 1, '0')}\0`;
}

/** The header of a regular file `name` of `size` bytes (names up to 255 bytes, split at a slash). */
export function tarHeader(name: string, size: number, mtime: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  let [prefix, base] = ['', name];
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) throw new Error(`A name too long for the backup: ${name}`);
    [prefix, base] = [name.slice(0, cut), name.slice(cut + 1)];
  }
  h.write(base, 0, 100, 'utf8');
  h.write(octal(0o644, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  h.write(octal(size, 12), 124, 'ascii');
  h.write(octal(Math.floor(mtime / 1000), 12), 136, 'ascii');
  h.write('        ', 148, 'ascii');
  h.write('0', 156, 'ascii');
  h.write('ustar\u000000', 257, 'ascii');
  h.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return h;
}

/** The zero bytes after an entry of `size` bytes, up to the next block. */
export const tarPadding = (size: number): Buffer => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** The end of an archive. */
export const tarEnd = (): Buffer => Buffer.alloc(BLOCK * 2);

export interface TarEntry {
  name: string;
  data: Buffer;
}

const field = (h: Buffer, at: number, len: number) => {
  const raw = h.subarray(at, at + len);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? len : end).toString('utf8');
};

/**
 * The entries of a tar read from a stream of its bytes, each whole in memory (a backup's entries are
 * batches of a few megabytes). Fails on a broken header or an archive that ends early.
 */
export async function* readTar(chunks: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  let buf: Buffer = Buffer.alloc(0);
  const it = chunks[Symbol.asyncIterator]();
  const need = async (n: number): Promise<boolean> => {
    const parts: Buffer[] = [buf];
    let have = buf.length;
    while (have < n) {
      const next = await it.next();
      if (next.done) break;
      parts.push(next.value);
      have += next.value.length;
    }
    buf = parts.length > 1 ? Buffer.concat(parts) : buf;
    return buf.length >= n;
  };
  for (;;) {
    if (!(await need(BLOCK))) throw new Error('the archive ends early');
    const h = buf.subarray(0, BLOCK);
    if (h.every((b) => b === 0)) return;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (h[i] as number);
    if (Number.parseInt(field(h, 148, 8).trim(), 8) !== sum) throw new Error('a damaged entry header');
    const size = Number.parseInt(field(h, 124, 12).trim() || '0', 8);
    const prefix = field(h, 345, 155);
    const name = prefix ? `${prefix}/${field(h, 0, 100)}` : field(h, 0, 100);
    const span = BLOCK + size + ((BLOCK - (size % BLOCK)) % BLOCK);
    if (!(await need(span))) throw new Error('the archive ends early');
    const data = Buffer.from(buf.subarray(BLOCK, BLOCK + size));
    buf = buf.subarray(span);
    if (field(h, 156, 1) === '0' || field(h, 156, 1) === '') yield { name, data };
  }
}
