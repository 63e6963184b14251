import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import yauzl from 'yauzl';
import { freshPostgres } from '../packages/server/src/test/harness.ts';

/**
 * A 1M-row export (`npm run bench -- exports`, issue 11 goal 3): the server runs in
 * its own process (its RSS read from /proc), access_event (or op_log, with
 * BENCH_EXPORT_LIST=oplog) filled by the scale generator, the list's export downloaded
 * signed in over HTTP.
 * - fast client: rows/s against the bare baseline of the same run (the export's own
 *   keyset SELECTs of the same rows on the same database, nothing written), server RSS
 *   growth, and the file's rows counted;
 * - slow client (64 kB/s for BENCH_SLOW_SECONDS, then it aborts): server RSS growth,
 *   and whether the server stops querying once the client is gone.
 * BENCH_EXPORT_ROWS (default 1,000,000) for a quick run; PostgreSQL first when
 * DATABASE_URL is set, then PGlite (BENCH_PGLITE=0 skips it). BENCH_NODE_FLAGS: node/V8
 * flags for the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` for a CPU profile).
 */
const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const SLOW_SECONDS = Number(process.env.BENCH_SLOW_SECONDS ?? 10);
const SLOW_BYTES_PER_SEC = 64 * 1024;
/** The exports the bench can take: the access log (rows as arrays) and the op log (rows as objects, `keysetRows`). */
const LISTS = { accesslog: '/api/eventlog/exportAccessLog', oplog: '/api/oplog/exportOpLog' } as const;
const LIST = (process.env.BENCH_EXPORT_LIST ?? 'accesslog') as keyof typeof LISTS;
const URL_PATH = LISTS[LIST];
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
/** CPU time the process has used (user + system), in clock ticks. */
const cpuTicks = (pid: number) => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return Number(f[11]) + Number(f[12]);
};

/** Samples the child's RSS every 100 ms; answers the peak (bytes) when stopped. */
function sampler(pid: number) {
  let peak = rssKb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssKb(pid));
  }, 100);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssKb(pid)) * 1024;
  };
}

class Child {
  private seq = 0;
  private readonly waiting = new Map<number, (m: { value?: unknown; error?: string }) => void>();
  constructor(readonly proc: ChildProcess) {
    proc.on('message', (m: { id?: number; value?: unknown; error?: string }) => {
      if (m.id === undefined) return;
      this.waiting.get(m.id)?.(m);
      this.waiting.delete(m.id);
    });
  }
  ask<T>(op: string): Promise<T> {
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (r) => (r.error ? reject(new Error(r.error)) : resolve(r.value as T)));
      this.proc.send({ op, id });
    });
  }
}

/** Rows of the first worksheet of an .xlsx (the header included), counted in its inflated XML. */
async function sheetRows(file: string): Promise<number> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true }, (e, z) => (e ? reject(e) : resolve(z))),
  );
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (!/worksheets\/sheet1\.xml$/.test(entry.fileName)) return zip.readEntry();
      zip.openReadStream(entry, (err, s) => {
        if (err) return reject(err);
        let n = 0;
        let tail = '';
        s.on('data', (b: Buffer) => {
          const text = tail + b.toString('latin1');
          n += text.split('<row').length - 1;
          tail = text.slice(-4);
          if (tail.includes('<row')) tail = '';
        });
        s.on('end', () => {
          zip.close();
          resolve(n);
        });
      });
    });
    zip.on('error', reject);
    zip.readEntry();
  });
}

function get(port: number, token: string) {
  return new Promise<{ req: http.ClientRequest; res: http.IncomingMessage }>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: URL_PATH, headers: { token, 'x-lang': 'english' } }, (res) => {
      if (res.statusCode !== 200) {
        let body = '';
        res.on('data', (b) => {
          body += b;
        });
        res.on('end', () => reject(new Error(`export answered ${res.statusCode}: ${body.slice(0, 300)}`)));
        return;
      }
      resolve({ req, res });
    });
    req.on('error', reject);
  });
}

export async function exportsBench() {
  if (!URL_PATH) throw new Error(`BENCH_EXPORT_LIST: one of ${Object.keys(LISTS).join(', ')}`);
  // access_event rows with is_work (every 50th) are punches, not on the access log: generate 50/49 as many.
  const events = LIST === 'accesslog' ? Math.floor((ROWS * 50) / 49) : ROWS;
  const variants = [];
  if (process.env.DATABASE_URL) {
    const pg = await freshPostgres();
    try {
      variants.push(await runOnce(events, pg.url));
    } finally {
      await pg.drop();
    }
  }
  if (process.env.BENCH_PGLITE !== '0') variants.push(await runOnce(events, undefined));
  return {
    name: `export of the ${LIST === 'oplog' ? 'operation log' : 'access log'} over HTTP vs the bare keyset SELECTs of the same rows; server RSS with a fast and a slow client`,
    rows: ROWS,
    variants,
    goal: '≥ 50,000 rows/s, server RSS growth < 100 MB with any client, no work after the client aborts',
  };
}

async function runOnce(events: number, databaseUrl: string | undefined) {
  const step = (what: string) => console.log(`  ${new Date().toISOString().slice(11, 19)} ${what}`);
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'REDIS_URL'].includes(k))),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    BENCH_EVENTS: String(events),
    BENCH_EXPORT_LIST: LIST,
  };
  const t0 = performance.now();
  const flags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const proc = spawn(process.execPath, [...flags, '--import', 'tsx', path.join(import.meta.dirname, 'exports-child.ts')], {
    env: env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const kill = () => {
    if (proc.exitCode === null) proc.kill('SIGKILL');
  };
  process.once('exit', kill);
  const { port, token } = await new Promise<{ port: number; token: string }>((resolve, reject) => {
    proc.once('exit', (c) => reject(new Error(`server exited (${c})`)));
    proc.once('message', (m) => resolve(m as { port: number; token: string }));
  });
  proc.removeAllListeners('exit');
  const child = new Child(proc);
  const pid = proc.pid as number;
  const database = databaseUrl ? 'postgres' : 'pglite';
  const rows = await child.ask<number>('count');
  step(`${database}: ${rows} ${LIST} rows generated in ${Math.round((performance.now() - t0) / 1000)} s`);

  // Baseline: the same keyset SELECTs, rows read and dropped (warms the cache for both).
  const bare = await child.ask<{ ms: number; rows: number }>('bare');
  step(`bare keyset SELECTs: ${bare.rows} rows in ${Math.round(bare.ms)} ms`);

  // Fast client: reads as fast as it can, the file written to disk and its rows counted.
  const file = path.join(os.tmpdir(), `gh-bench-export-${process.pid}.xlsx`);
  const fastBase = rssKb(pid) * 1024;
  const stopFast = sampler(pid);
  const cpuFast = cpuTicks(pid);
  const tf = performance.now();
  const fast = await get(port, token);
  const out = fs.createWriteStream(file);
  let bytes = 0;
  fast.res.on('data', (b: Buffer) => {
    bytes += b.length;
  });
  fast.res.pipe(out);
  await new Promise<void>((resolve, reject) => {
    out.on('finish', () => resolve());
    fast.res.on('error', reject);
  });
  const fastMs = performance.now() - tf;
  const fastCpuMs = ((cpuTicks(pid) - cpuFast) * 1000) / 100;
  const fastPeak = stopFast();
  const fileRows = (await sheetRows(file)) - 1;
  fs.rmSync(file, { force: true });
  step(`export: ${fileRows} rows, ${mb(bytes)} MB in ${Math.round(fastMs)} ms`);
  if (fileRows !== rows) throw new Error(`the file has ${fileRows} rows, the log ${rows}`);

  // Slow client: 64 kB/s for SLOW_SECONDS, then it aborts.
  await new Promise((r) => setTimeout(r, 1000));
  const slowBase = rssKb(pid) * 1024;
  const stopSlow = sampler(pid);
  const slow = await get(port, token);
  let slowBytes = 0;
  const ts = performance.now();
  await new Promise<void>((resolve) => {
    slow.res.on('data', (b: Buffer) => {
      slowBytes += b.length;
      const due = (slowBytes / SLOW_BYTES_PER_SEC) * 1000 - (performance.now() - ts);
      if (due > 0) {
        slow.res.pause();
        setTimeout(() => slow.res.resume(), due);
      }
    });
    setTimeout(resolve, SLOW_SECONDS * 1000);
  });
  slow.req.destroy();
  const slowPeak = stopSlow();
  step(`slow client: ${Math.round(slowBytes / 1024)} kB in ${SLOW_SECONDS} s, aborted`);
  // Work after the abort: statements on the list's table and CPU time, from 1 s to 4 s after it.
  await new Promise((r) => setTimeout(r, 1000));
  const s1 = await child.ask<number>('statements');
  const c1 = cpuTicks(pid);
  await new Promise((r) => setTimeout(r, 3000));
  const s2 = await child.ask<number>('statements');
  const c2 = cpuTicks(pid);

  proc.kill('SIGTERM');
  await new Promise((r) => proc.once('exit', r));
  process.off('exit', kill);

  const rowsPerSec = Math.round(rows / (fastMs / 1000));
  const bareRowsPerSec = Math.round(bare.rows / (bare.ms / 1000));
  return {
    database,
    rows,
    export: {
      ms: Math.round(fastMs),
      rowsPerSec,
      fileMb: +(bytes / 1024 / 1024).toFixed(1),
      fileRows,
      // The server's CPU time for the export: a figure that moves less than rows/s on a loaded machine.
      serverCpuMsPer1kRows: +(fastCpuMs / (rows / 1000)).toFixed(2),
    },
    bareKeysetSelect: { ms: Math.round(bare.ms), rowsPerSec: bareRowsPerSec },
    ratioOfBare: +(rowsPerSec / bareRowsPerSec).toFixed(2),
    fastClient: { rssBeforeMb: mb(fastBase), rssPeakMb: mb(fastPeak), rssGrowthMb: mb(fastPeak - fastBase) },
    slowClient: {
      bytesPerSec: SLOW_BYTES_PER_SEC,
      seconds: SLOW_SECONDS,
      receivedKb: Math.round(slowBytes / 1024),
      rssBeforeMb: mb(slowBase),
      rssPeakMb: mb(slowPeak),
      rssGrowthMb: mb(slowPeak - slowBase),
      statementsAfterAbort: s2 - s1,
      cpuMsAfterAbort: Math.round(((c2 - c1) * 1000) / 100),
      stoppedAfterAbort: s2 === s1,
    },
  };
}
