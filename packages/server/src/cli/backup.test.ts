import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDb } from '../db/index.ts';
import { syncMenus } from '../db/seed.ts';
import { seedDemo } from '../demo/data.ts';
import { ensureAdmin } from '../modules/account/insert.ts';
import { secretBox } from '../modules/webhook/signing.ts';
import { freshPostgres, pgliteTemplate, rerunOnPostgres, testDbKind } from '../test/harness.ts';
import { BackupWriter, backupEntries, compressible, type Manifest, MANIFEST, verifyBackup } from './backup-file.ts';
import { writeBackup } from './backup.ts';
import { siteRows } from '../test/site-contents.ts';
import { gatehouse, linesOf } from './run-cli.ts';
import { runScheduledBackup, scheduledName } from './scheduled-backup.ts';

const ADMIN = '13977770001';
/** A gzip member's first bytes (magic, deflate, no flags): the writer's members begin so. */
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b, 0x08, 0x00]);
const SECRET = 'whsec_backup_round_trip';
const dirs: string[] = [];
const tempDir = (tag: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), `gh-${tag}-`));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/**
 * An embedded site: the demo (face photos as stored files), an administrator and a webhook whose secret is sealed by DATA_DIR's key.
 * Its database starts from the run's migrated one (no initdb of its own); the restores under test make theirs anew.
 */
async function makeSite(): Promise<string> {
  const dataDir = tempDir('site');
  const h = await openDb({ dataDir, from: pgliteTemplate() });
  try {
    await migrate(h.db);
    await syncMenus(h.db);
    const admin = await ensureAdmin(h.db, ADMIN, 'Admin123');
    await seedDemo(h.db, dataDir);
    const createdBy = typeof admin === 'number' ? admin : (await h.db.selectFrom('account').select('id').executeTakeFirstOrThrow()).id;
    await h.db
      .insertInto('webhook')
      .values({
        url: 'https://hooks.example.com/x',
        kinds: JSON.stringify(['event']),
        secret_enc: secretBox({ dataDir }).seal(SECRET),
        created_by: createdBy,
      })
      .execute();
  } finally {
    await h.close();
  }
  return dataDir;
}

const contents = siteRows;

async function siteContents(settings: { dataDir?: string; url?: string }): Promise<Record<string, string[]>> {
  const h = await openDb(settings.url ? { url: settings.url } : { dataDir: settings.dataDir });
  try {
    return await contents(h.db);
  } finally {
    await h.close();
  }
}

/** The stored files of a DATA_DIR (all but the database), path → bytes. */
function storedFiles(dataDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of fs.readdirSync(dataDir, { recursive: true }) as string[]) {
    const full = path.join(dataDir, rel);
    if (rel.split(path.sep)[0] === 'pg' || !fs.statSync(full).isFile()) continue;
    out[rel] = fs.readFileSync(full).toString('base64');
  }
  return out;
}

/** The same backup with its manifest changed (checksums recomputed): what a newer version would write. */
async function rewritten(file: string, change: (m: Manifest) => void): Promise<string> {
  const out = path.join(path.dirname(file), `changed-${path.basename(file)}`);
  const w = new BackupWriter(out);
  let manifest: Manifest | undefined;
  for await (const e of backupEntries(file)) {
    if (e.name === MANIFEST) manifest = JSON.parse(e.data.toString('utf8')) as Manifest;
    else await w.add(e.name, e.data);
  }
  if (!manifest) throw new Error('no manifest');
  change(manifest);
  await w.finish({ ...manifest, entries: w.entries });
  return out;
}

describe.skipIf(rerunOnPostgres)('npx gatehouse backup / restore (embedded database)', { timeout: 240_000 }, () => {
  let site: string;
  let file: string;
  beforeAll(async () => {
    site = await makeSite();
    file = path.join(tempDir('out'), 'site.backup');
  });

  it('writes one file while printing rows and bytes, and restores it into an empty DATA_DIR alike', async () => {
    const b = await gatehouse(['backup', '--out', file], { DATA_DIR: site });
    expect([b.status, b.stderr]).toEqual([0, '']);
    expect(linesOf(b.stdout)).toContainEqual(expect.stringMatching(/^ {2}account +\d+ rows +[\d.]+ kB$/));
    expect(b.stdout).toMatch(/stored files +[1-9]\d* files/);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['site.backup']);
    const manifest = await verifyBackup(file);
    expect(manifest.migrations.length).toBeGreaterThan(10);
    expect(Object.keys(manifest.entries)).toContain('data/webhook-secret.key');

    const target = tempDir('restored');
    const r = await gatehouse(['restore', file], { DATA_DIR: target });
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(r.stdout.includes('MISMATCH')).toBe(false);
    const [had, has] = [await siteContents({ dataDir: site }), await siteContents({ dataDir: target })];
    expect(has).toEqual(had);
    expect(has.face?.length).toBeGreaterThan(0);
    expect(has.webhook).toHaveLength(1);
    const files = storedFiles(site);
    expect(Object.keys(files).some((f) => f.startsWith(`files${path.sep}faces`))).toBe(true);
    expect(storedFiles(target)).toEqual(files);

    // The webhook's secret opens with the restored site's key; new rows get new numbers.
    const h = await openDb({ dataDir: target });
    try {
      const hook = await h.db.selectFrom('webhook').select('secret_enc').executeTakeFirstOrThrow();
      expect(secretBox({ dataDir: target }).open(hook.secret_enc)).toBe(SECRET);
      const maxId = Math.max(...(await h.db.selectFrom('webhook').select('id').execute()).map((w) => w.id));
      const added = await h.db
        .insertInto('webhook')
        .values({ url: 'https://hooks.example.com/y', kinds: '[]', secret_enc: 'x', created_by: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(added.id).toBeGreaterThan(maxId);
    } finally {
      await h.close();
    }

    // A second restore into the now filled site is refused.
    const again = await gatehouse(['restore', file], { DATA_DIR: target });
    expect([again.status, linesOf(again.stderr)]).toEqual([
      1,
      [expect.stringMatching(/^gatehouse restore: The target database is not empty/)],
    ]);
  });

  it('is gzip members that tar reads as one stream; a backup of one gzip stream (written before) restores alike', async () => {
    // Photos (sealed or not) and archives go in as they are; rows and other files are compressed.
    expect(compressible('data/files/faces/1.jpg', Buffer.from('plain'))).toBe(false);
    expect(compressible('data/files/notices/a.bin', Buffer.from('GHS1 sealed'))).toBe(false);
    expect(compressible('data/files/notices/a.bin', Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe(false);
    expect(compressible('data/webhook-secret.key', Buffer.from('0123abcd'))).toBe(true);
    expect(compressible('tables/card/000001.copy', Buffer.from('GHS1'))).toBe(true);
    const bytes = fs.readFileSync(file);
    let members = 0;
    for (let at = bytes.indexOf(GZIP_MAGIC); at >= 0; at = bytes.indexOf(GZIP_MAGIC, at + 1)) members++;
    expect(members).toBeGreaterThan(1);
    const listed = execFileSync('tar', ['-tzf', file]).toString().trim().split('\n');
    expect(listed.at(-1)).toBe(MANIFEST);
    expect(listed).toContain('data/webhook-secret.key');

    // The writer before this one gave the whole tar one gzip stream: such a file restores alike.
    const single = path.join(path.dirname(file), 'one-stream.backup');
    fs.writeFileSync(single, gzipSync(gunzipSync(bytes), { level: 6 }));
    expect(fs.readFileSync(single).indexOf(GZIP_MAGIC, 1)).toBe(-1);
    const target = tempDir('one-stream');
    const r = await gatehouse(['restore', single], { DATA_DIR: target });
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(await siteContents({ dataDir: target })).toEqual(await siteContents({ dataDir: site }));
    expect(storedFiles(target)).toEqual(storedFiles(site));
  });

  it('refuses an altered file and a truncated one with one line, writing nothing', async () => {
    const bytes = fs.readFileSync(file);
    const altered = path.join(path.dirname(file), 'altered.backup');
    const flipped = Buffer.from(bytes);
    const at = Math.floor(bytes.length / 2);
    flipped[at] = (flipped[at] as number) ^ 0x01;
    fs.writeFileSync(altered, flipped);
    const truncated = path.join(path.dirname(file), 'truncated.backup');
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.9)));
    for (const bad of [altered, truncated]) {
      const target = tempDir('refused');
      const r = await gatehouse(['restore', bad], { DATA_DIR: target });
      expect([r.status, linesOf(r.stderr), r.stdout]).toEqual([
        1,
        [expect.stringMatching(new RegExp(`^gatehouse restore: ${bad.replace(/[.\\/]/g, '\\$&')} is refused, nothing was written: `))],
        '',
      ]);
      expect(fs.readdirSync(target)).toEqual([]);
    }
  });

  it('refuses a backup of a newer schema with one line, writing nothing', async () => {
    const newer = await rewritten(file, (m) => {
      m.migrations.push('9999_from_the_future');
      m.appVersion = '9.0.0';
    });
    const target = tempDir('newer');
    const r = await gatehouse(['restore', newer], { DATA_DIR: target });
    expect([r.status, linesOf(r.stderr)]).toEqual([
      1,
      [
        'gatehouse restore: The backup is of a newer schema (1 migrations this version does not have, e.g. 9999_from_the_future): restore it with gatehouse 9.0.0 or later',
      ],
    ]);
    expect(fs.readdirSync(target)).toEqual([]);
    // The same rewrite without the newer migration restores: the refusal is the schema's.
    const same = await rewritten(newer, (m) => {
      m.migrations.pop();
    });
    const ok = await gatehouse(['restore', same], { DATA_DIR: target });
    expect([ok.status, ok.stderr]).toEqual([0, '']);
  });
});

/** PostgreSQL both ways, and a backup taken while writes go on. */
describe.skipIf(testDbKind() !== 'postgres')('backup / restore on PostgreSQL', { timeout: 240_000 }, () => {
  let site: string;
  const dbs: { drop: () => Promise<void> }[] = [];
  beforeAll(async () => {
    site = await makeSite();
  });
  afterAll(async () => {
    for (const d of dbs) await d.drop();
  });
  const fresh = async () => {
    const d = await freshPostgres();
    dbs.push(d);
    return d.url;
  };

  it('embedded → PostgreSQL → embedded, every row and file alike', async () => {
    const out = tempDir('pg');
    const first = path.join(out, 'embedded.backup');
    expect((await gatehouse(['backup', '--out', first], { DATA_DIR: site })).status).toBe(0);
    const url = await fresh();
    const pgData = tempDir('pgdata');
    const r = await gatehouse(['restore', first], { DATA_DIR: pgData, DATABASE_URL: url });
    expect([r.status, r.stderr]).toEqual([0, '']);
    const had = await siteContents({ dataDir: site });
    expect(await siteContents({ url })).toEqual(had);
    expect(storedFiles(pgData)).toEqual(storedFiles(site));

    const second = path.join(out, 'postgres.backup');
    const b = await gatehouse(['backup', '--out', second], { DATA_DIR: pgData, DATABASE_URL: url });
    expect([b.status, b.stderr]).toEqual([0, '']);
    const back = tempDir('back');
    const r2 = await gatehouse(['restore', second], { DATA_DIR: back });
    expect([r2.status, r2.stderr]).toEqual([0, '']);
    expect(await siteContents({ dataDir: back })).toEqual(had);
    expect(storedFiles(back)).toEqual(storedFiles(site));
    const h = await openDb({ dataDir: back });
    try {
      const hook = await h.db.selectFrom('webhook').select('secret_enc').executeTakeFirstOrThrow();
      expect(secretBox({ dataDir: back }).open(hook.secret_enc)).toBe(SECRET);
    } finally {
      await h.close();
    }
  });

  it('a backup taken while pairs of rows are written holds whole pairs, the counts of its moment', async () => {
    const url = await fresh();
    const h = await openDb({ url });
    const file = path.join(tempDir('busy'), 'busy.backup');
    try {
      await migrate(h.db);
      await syncMenus(h.db);
      await seedDemo(h.db, site);
      let writing = true;
      let pairs = 0;
      const writer = (async () => {
        while (writing) {
          await h.db.transaction().execute(async (trx) => {
            for (const n of [1, 2]) {
              await trx
                .insertInto('op_log')
                .values({ name1: 'system', name2: 'pair', content: `p${pairs}-${n}`, regno: ADMIN, account_id: null, detail: null })
                .execute();
            }
          });
          pairs++;
        }
      })();
      while (pairs < 3) await new Promise((r) => setImmediate(r));
      const manifest = await writeBackup(h, tempDir('busydata'), file, { out: () => {} }).finally(() => {
        writing = false;
      });
      await writer;
      const logged = manifest.tables.find((t) => t.name === 'op_log')?.rows ?? 0;
      const target = tempDir('busyrestored');
      const r = await gatehouse(['restore', file], { DATA_DIR: target });
      expect([r.status, r.stderr]).toEqual([0, '']);
      const back = await openDb({ dataDir: target });
      try {
        const rows = await back.db.selectFrom('op_log').select('content').where('name2', '=', 'pair').execute();
        expect(rows.length % 2).toBe(0);
        expect(rows.length).toBeGreaterThanOrEqual(6);
        const all = await back.db.selectFrom('op_log').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
        expect(all.n).toBe(logged);
      } finally {
        await back.close();
      }
    } finally {
      await h.close();
    }
  });
});

describe.skipIf(rerunOnPostgres)('scheduled backups (BACKUP_CRON)', { timeout: 240_000 }, () => {
  it('writes one file a moment into BACKUP_DIR, keeps the newest BACKUP_KEEP, and each restores', async () => {
    const site = await makeSite();
    const backupDir = path.join(site, 'backups');
    const config = { dataDir: site, backupDir, BACKUP_KEEP: 2 };
    const h = await openDb({ dataDir: site });
    const moments = ['2026-11-26T03:30:00Z', '2026-11-27T03:30:00Z', '2026-11-28T03:30:00Z'].map((t) => new Date(t));
    try {
      for (const at of moments) expect(await runScheduledBackup(h, config, at)).toBe(path.join(backupDir, scheduledName(at)));
      // The same moment again (another instance's turn): nothing more.
      expect(await runScheduledBackup(h, config, moments[2] as Date)).toBeNull();
    } finally {
      await h.close();
    }
    expect(fs.readdirSync(backupDir).sort()).toEqual(['gatehouse-20261127-0330.backup', 'gatehouse-20261128-0330.backup']);
    const newest = path.join(backupDir, 'gatehouse-20261128-0330.backup');
    const manifest = await verifyBackup(newest);
    expect(Object.keys(manifest.entries).some((e) => e.startsWith('data/backups/'))).toBe(false);
    const target = tempDir('scheduled');
    const r = await gatehouse(['restore', newest], { DATA_DIR: target });
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(await siteContents({ dataDir: target })).toEqual(await siteContents({ dataDir: site }));
  });
});

describe.skipIf(rerunOnPostgres || !fs.existsSync('/dev/full'))('a backup on a full disk', () => {
  it('fails and leaves no file, neither the backup nor its .partial', async () => {
    const dir = tempDir('full');
    const file = path.join(dir, 'site.backup');
    // The file being written is /dev/full: every write answers ENOSPC, as a full disk does.
    fs.symlinkSync('/dev/full', `${file}.partial`);
    const h = await openDb({ dataDir: tempDir('fullsite'), from: pgliteTemplate() });
    try {
      await migrate(h.db);
      await expect(writeBackup(h, dir, file, { out: () => {} })).rejects.toThrow(/ENOSPC/);
    } finally {
      await h.close();
    }
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
