import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from './index.ts';
import { initPgliteDir } from './pglite-initdb.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-initdb-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('a new PGlite data directory', () => {
  it('is created in a child process, then opened and kept by the server', async () => {
    const dir = path.join(root, 'pg');
    fs.mkdirSync(dir);
    await initPgliteDir(dir);
    const version = path.join(dir, 'PG_VERSION');
    expect(fs.readFileSync(version, 'utf8').trim()).toMatch(/^\d+$/);
    const made = fs.statSync(version).mtimeMs;
    await initPgliteDir(dir);
    expect(fs.statSync(version).mtimeMs).toBe(made);

    const first = await openDb({ dataDir: root });
    await first.db.schema.createTable('kept').addColumn('n', 'integer').execute();
    await first.db
      .insertInto('kept' as never)
      .values({ n: 7 } as never)
      .execute();
    await first.close();
    const again = await openDb({ dataDir: root });
    const rows = await again.db
      .selectFrom('kept' as never)
      .select('n' as never)
      .execute();
    await again.close();
    expect(rows).toEqual([{ n: 7 }]);
  }, 60_000);
});
