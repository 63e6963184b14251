import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { verifyBackup } from '../packages/server/src/cli/backup-file.ts';
import { writeBackup } from '../packages/server/src/cli/backup.ts';
import { loadBackup } from '../packages/server/src/cli/restore.ts';
import { migrate, openDb } from '../packages/server/src/db/index.ts';
import { syncMenus } from '../packages/server/src/db/seed.ts';
import { generateScale } from '../packages/server/src/demo/scale.ts';
import { freshPostgres } from '../packages/server/src/test/harness.ts';

/**
 * Backup and restore (issue 34 item 2, `npm run bench -- backup`, PostgreSQL: needs DATABASE_URL and
 * pg_dump/pg_restore on the PATH): a site with BENCH_BACKUP_EVENTS access events (default 1,000,000)
 * and BENCH_BACKUP_FACES faces (10,000), each with a stored photo file. Measured: `gatehouse backup`'s
 * time and size and `gatehouse restore`'s time; baseline in the same run: `pg_dump -Fc` plus a plain
 * copy of the stored files, and `pg_restore` plus the copy back. Goal: ≤ 2×.
 */
export async function backupBench() {
  if (!process.env.DATABASE_URL) return { name: 'backup and restore', skipped: 'needs DATABASE_URL (PostgreSQL)' };
  const events = Number(process.env.BENCH_BACKUP_EVENTS ?? 1_000_000);
  const faces = Number(process.env.BENCH_BACKUP_FACES ?? 10_000);
  // BENCH_TRACE=1 prints each phase's progress lines with the seconds since the start (where the time goes).
  const t0 = performance.now();
  const trace = process.env.BENCH_TRACE
    ? (line: string) => console.error(`${((performance.now() - t0) / 1000).toFixed(1).padStart(7)}s ${line}`)
    : () => {};
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-bench-backup-'));
  const [source, target, baseline] = [await freshPostgres(), await freshPostgres(), await freshPostgres()];
  try {
    const h = await openDb({ url: source.url });
    const dataDir = path.join(work, 'data');
    try {
      await migrate(h.db);
      await syncMenus(h.db);
      const size = {
        communities: 5,
        doorUnits: 10,
        accounts: 10_000,
        events,
        commands: 10_000,
        cards: 10_000,
        faces,
        opLog: 10_000,
        alarms: 1_000,
      };
      trace('generating the site');
      await generateScale(h.db, size);
      trace('generated');
      // A photo file a face (12 kB of random bytes each: a JPEG does not compress either), under the stored files' folder.
      const photos = path.join(dataDir, 'files', 'faces');
      fs.mkdirSync(photos, { recursive: true });
      for (let i = 0; i < faces; i++) fs.writeFileSync(path.join(photos, `bench-${i}.jpg`), crypto.randomBytes(12_000));
      const timed = (fn: () => unknown) => {
        const t0 = performance.now();
        const r = fn();
        return r instanceof Promise ? r.then(() => Math.round(performance.now() - t0)) : Math.round(performance.now() - t0);
      };
      const file = path.join(work, 'site.backup');
      const backupMs = await timed(() => writeBackup(h, dataDir, file, { out: trace }));
      const dump = path.join(work, 'site.dump');
      const copy = path.join(work, 'copy');
      trace('pg_dump and copy');
      const dumpMs = await timed(() => {
        execFileSync('pg_dump', ['-Fc', '-f', dump, source.url]);
        execFileSync('cp', ['-r', dataDir, copy]);
      });
      const filesBytes = Number(execFileSync('du', ['-sb', copy]).toString().split('\t')[0]);

      const restoredDir = path.join(work, 'restored');
      const t = await openDb({ url: target.url });
      let restoreMs: number;
      try {
        restoreMs = await timed(async () => {
          const manifest = await verifyBackup(file);
          trace('checked');
          await loadBackup(t, file, manifest, restoredDir, { out: trace });
        });
      } finally {
        await t.close();
      }
      trace('pg_restore and copy');
      const pgRestoreMs = await timed(() => {
        execFileSync('pg_restore', ['-d', baseline.url, dump]);
        execFileSync('cp', ['-r', copy, path.join(work, 'copied-back')]);
      });
      trace('done');
      const backupBytes = fs.statSync(file).size;
      const baselineBytes = fs.statSync(dump).size + filesBytes;
      return {
        name: 'backup and restore (PostgreSQL) vs pg_dump -Fc / pg_restore + a copy of the files',
        events,
        faces,
        backup: { ms: backupMs, bytes: backupBytes },
        baseline: { dumpAndCopyMs: dumpMs, dumpBytes: fs.statSync(dump).size, filesBytes, restoreAndCopyMs: pgRestoreMs },
        restore: { ms: restoreMs },
        ratios: {
          backupTime: +(backupMs / dumpMs).toFixed(2),
          backupSize: +(backupBytes / baselineBytes).toFixed(2),
          restoreTime: +(restoreMs / pgRestoreMs).toFixed(2),
        },
        goal: 'each ratio ≤ 2',
      };
    } finally {
      await h.close();
    }
  } finally {
    for (const d of [source, target, baseline]) await d.drop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
