import { type ChildProcess, spawn } from 'node:child_process';
import { bundleForNode } from '../scripts/bundle-node.mjs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { freshPostgres } from '../packages/server/src/test/harness.ts';
import { multipart } from '../packages/server/src/modules/account/test-kit.ts';

/**
 * An account import of 100k rows, each with its own password (`npm run bench -- imports`,
 * issue 11 goal 4): the server runs in its own process, the product's way (bundled for plain
 * Node as `npm start` runs it, PGlite in a
 * data directory, or DATABASE_URL, the embedded broker, the face detector started as
 * main.ts starts it: loaded at start only with FACE_DETECTOR_WARMUP=1),
 * restarted on data that holds BENCH_ACCOUNTS accounts already (so PGlite's first-start
 * initdb is not in its memory); the .xlsx is uploaded
 * signed in over HTTP. Figures: seconds and rows/s of the upload
 * route against a bare batched INSERT of as many rows (ratio; run in a server of its own on the
 * same data, so the import's server is as a restart leaves it), and the server's RSS before and
 * at its peak (read from /proc every 100 ms).
 * BENCH_IMPORT_ROWS (default 100,000) for a quick run; PostgreSQL first when
 * DATABASE_URL is set, then PGlite (BENCH_PGLITE=0 skips it). BENCH_NODE_FLAGS: node/V8 flags
 * for the server's process (space-separated), to measure one against the product's start.
 */
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100_000);
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const mb = (kb: number) => Math.round(kb / 1024);
const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

type Ready = { op: 'ready'; port: number; token: string; communityId: number; addresses: string[] };

export async function importsBench() {
  const variants = [];
  if (process.env.DATABASE_URL) {
    const pg = await freshPostgres();
    try {
      variants.push(await runOnce(pg.url));
    } finally {
      await pg.drop();
    }
  }
  if (process.env.BENCH_PGLITE !== '0') variants.push(await runOnce(undefined));
  return {
    name: `import of ${ROWS} accounts with distinct passwords over HTTP, server in its own process beside ${ACCOUNTS} accounts`,
    variants,
    goal: `${ROWS} rows in ≤ 60 s, server peak RSS < 400 MB`,
    note: 'ratio = seconds of the upload route / seconds of a bare batched INSERT of as many rows (1000 a statement, one transaction, one precomputed hash) in the same server; passwords hashed with the import profile of docs/security.md',
  };
}

/** The workbook a user would upload: the template's columns, ROWS householders of one community. */
async function workbook(addresses: string[]): Promise<Buffer> {
  const file = path.join(os.tmpdir(), `gh-bench-import-${process.pid}.xlsx`);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet('Accounts');
  ws.addRow(['Area code', 'Phone number', 'Name', 'Password', 'Role', 'Householder address', 'Face limit', 'Resident limit']).commit();
  for (let i = 0; i < ROWS; i++) {
    ws.addRow([
      '86',
      String(15000000000 + i),
      `Imported ${i}`.slice(0, 15),
      `Init${i}x`,
      7,
      addresses[i % addresses.length],
      6,
      3,
    ]).commit();
  }
  ws.commit();
  await wb.commit();
  const data = fs.readFileSync(file);
  fs.rmSync(file, { force: true });
  return data;
}

function next<T>(proc: ChildProcess, op: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: { op: string }) => {
      if (m.op !== op) return;
      proc.off('message', onMessage);
      proc.off('exit', onExit);
      resolve(m as T);
    };
    const onExit = (code: number) => reject(new Error(`the bench server stopped (exit ${code}) before '${op}'`));
    proc.on('message', onMessage);
    proc.once('exit', onExit);
  });
}

async function runOnce(databaseUrl: string | undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-bench-imp-'));
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'REDIS_URL'].includes(k))),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    BENCH_ACCOUNTS: String(ACCOUNTS),
    BENCH_DATA_DIR: dataDir,
  };
  // Bundled as `npm start` bundles the server (scripts/bundle-node.mjs): plain Node, no tsx in the process.
  // inside the checkout, so its packages resolve from node_modules
  const script = path.join(import.meta.dirname, 'results', 'imports-child.mjs');
  await bundleForNode(path.join(import.meta.dirname, 'imports-child.ts'), script);
  const child = (phase: 'seed' | 'serve') =>
    spawn(process.execPath, [...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean), '--enable-source-maps', script], {
      env: { ...env, BENCH_PHASE: phase },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
  const seeding = child('seed');
  const seeded = await new Promise<number | null>((r) => seeding.once('exit', r));
  if (seeded !== 0) throw new Error(`seeding the bench server's data failed (exit ${seeded})`);
  let proc: ChildProcess | undefined;
  try {
    // The baseline runs in a server of its own: in the import's server, the garbage of its 100k rows was
    // still held when the import began (V8 frees it when it next collects), and counted in the import's peak.
    const bareSeconds = await withServer(child('serve'), async (base) => {
      await next<Ready>(base, 'ready');
      base.send({ op: 'bare', n: ROWS });
      return (await next<{ seconds: number }>(base, 'bare')).seconds;
    });
    proc = child('serve');
    const ready = await next<Ready>(proc, 'ready');
    const pid = proc.pid as number;
    const data = await workbook(ready.addresses);
    const m = multipart({ communityID: String(ready.communityId) }, { name: 'bench.xlsx', data });
    proc.send({ op: 'watch' });
    const rest = await next<{ at: Record<string, number> }>(proc, 'watch');
    const before = rssKb(pid);
    let peak = before;
    const timer = setInterval(() => {
      peak = Math.max(peak, rssKb(pid));
    }, 100);
    const t0 = performance.now();
    const res = await fetch(`http://127.0.0.1:${ready.port}/api/account/uploadAccountFile`, {
      method: 'POST',
      headers: { ...m.headers, token: ready.token, 'x-lang': 'english' },
      body: m.payload,
    });
    const body = (await res.json()) as { status: number; content: { imported: number } | null; msgs: string[] };
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(timer);
    peak = Math.max(peak, rssKb(pid));
    if (body.status !== 200) throw new Error(`import failed: ${body.msgs.join('; ')}`);
    proc.send({ op: 'peak' });
    const highest = await next<{ at: Record<string, number> | null }>(proc, 'peak');
    const result = {
      database: databaseUrl ? 'postgres' : 'pglite',
      rows: body.content?.imported,
      fileMB: +(data.length / 1024 / 1024).toFixed(1),
      seconds: +seconds.toFixed(1),
      rowsPerSec: Math.round(ROWS / seconds),
      bareSeconds: +bareSeconds.toFixed(2),
      ratio: +(seconds / bareSeconds).toFixed(1),
      serverRssBeforeMB: mb(before),
      serverRssPeakMB: mb(peak),
      // process.memoryUsage() in MB at rest before the upload and at the server's own highest RSS during it
      memoryAtRestMB: rest.at,
      memoryAtPeakMB: highest.at,
    };
    console.log(
      `  ${result.database}: ${result.seconds} s (${result.rowsPerSec} rows/s), server RSS ${result.serverRssBeforeMB} → ${result.serverRssPeakMB} MB`,
    );
    return result;
  } finally {
    if (proc) await stop(proc);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.send({ op: 'stop' });
  await exited;
}

async function withServer<T>(proc: ChildProcess, use: (proc: ChildProcess) => Promise<T>): Promise<T> {
  try {
    return await use(proc);
  } finally {
    await stop(proc);
  }
}
