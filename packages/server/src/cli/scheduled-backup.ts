import fs from 'node:fs';
import path from 'node:path';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { DbHandle } from '../db/index.ts';
import { ONCE_KEYS, runOnce } from '../db/once.ts';
import { writeBackup } from './backup.ts';

const NAME = /^gatehouse-\d{8}-\d{4}\.backup$/;

/** A scheduled backup's file name: its moment in UTC, `gatehouse-20261128-0330.backup` (names sort as times). */
export const scheduledName = (at: Date): string =>
  `gatehouse-${at.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-')}.backup`;

/**
 * One scheduled backup into BACKUP_DIR, on one instance (the advisory lock on PostgreSQL; a file of
 * that moment already there is another instance's), then only the newest BACKUP_KEEP are kept.
 * Answers the file written, or null when another instance wrote it.
 */
export async function runScheduledBackup(
  handle: DbHandle,
  config: Pick<Config, 'dataDir' | 'backupDir' | 'BACKUP_KEEP'>,
  at: Date,
): Promise<string | null> {
  const file = path.join(config.backupDir, scheduledName(at));
  let wrote: string | null = null;
  await runOnce(handle.db, handle.kind, ONCE_KEYS.scheduledBackup, async () => {
    await fs.promises.mkdir(config.backupDir, { recursive: true });
    if (fs.existsSync(file)) return;
    await writeBackup(handle, config.dataDir, file, { out: () => {} }, [config.backupDir]);
    wrote = file;
    const kept = (await fs.promises.readdir(config.backupDir)).filter((n) => NAME.test(n)).sort();
    for (const old of kept.slice(0, Math.max(0, kept.length - config.BACKUP_KEEP)))
      await fs.promises.rm(path.join(config.backupDir, old), { force: true });
  });
  return wrote;
}

/** Runs runScheduledBackup at each time of BACKUP_CRON (in TZ_NAME) until stopped; nothing without BACKUP_CRON. */
export function startScheduledBackups(handle: DbHandle, config: Config, log: FastifyBaseLogger): { stop(): Promise<void> } {
  if (!config.BACKUP_CRON) return { stop: async () => {} };
  let running: Promise<unknown> = Promise.resolve();
  const job = new Cron(config.BACKUP_CRON, { timezone: config.TZ_NAME, protect: true }, async (self: Cron) => {
    const at = self.currentRun() ?? new Date();
    running = runScheduledBackup(handle, config, at)
      .then((file) => file && log.info({ file, bytes: fs.statSync(file).size }, 'scheduled backup written'))
      .catch((e) => log.error({ err: e }, 'scheduled backup failed'));
    await running;
  });
  return {
    async stop() {
      job.stop();
      await running;
    },
  };
}
