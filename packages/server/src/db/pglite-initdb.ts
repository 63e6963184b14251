import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Creates a new PGlite data directory (its initdb) in a child process, then returns. Run in
 * the server's own process, initdb leaves some 500 MB of WebAssembly memory behind that the
 * process never gives back (docs/performance.md, Imports); opened after it, the directory
 * costs the server only PGlite's usual ~220 MB. A directory that holds a cluster already
 * (PG_VERSION) is left as it is.
 */
export async function initPgliteDir(dir: string): Promise<void> {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return;
  const script = `import { PGlite } from '@electric-sql/pglite';
const db = new PGlite({ dataDir: process.argv[1] });
await db.waitReady;
await db.close();`;
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, dir], {
    cwd: import.meta.dirname,
    env: { PATH: process.env.PATH ?? '' },
  });
}
