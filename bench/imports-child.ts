/**
 * The server of the imports bench, in its own process (its RSS is read alone from
 * /proc), the product's way (configuration from the environment, embedded broker, face
 * detector as main.ts starts it): PGlite in a data directory (BENCH_DATA_DIR), or
 * DATABASE_URL. BENCH_PHASE=seed fills it (BENCH_ACCOUNTS accounts in 50 communities,
 * an administrator) and exits; then, as a server restarted on its data, it signs the
 * administrator in and listens on HTTP. Over IPC it answers the bare baseline: the same number of rows as
 * batched INSERTs (1000 rows a statement, one transaction, one precomputed hash), and what
 * `process.memoryUsage()` holds at rest and at its highest RSS during the import (`watch`, `peak`).
 */
import { sql } from 'kysely';
import { buildApp } from '../packages/server/src/app.ts';
import { boot } from '../packages/server/src/boot.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { startFaceDetector } from '../packages/server/src/faces/detector.ts';
import { openSession } from '../packages/server/src/http/auth.ts';
import { hashPassword } from '../packages/server/src/crypto/passwords.ts';
import { insertAccount } from '../packages/server/src/modules/account/insert.ts';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS);
const dataDir = process.env.BENCH_DATA_DIR as string;
// The product's configuration, read from the environment as main.ts reads it (FACE_DETECTOR_WARMUP,
// PGLITE_SHARED_BUFFERS, DATABASE_URL as set), with no demo data, no captcha, and the embedded
// broker on a free port; the broker runs when serving, as main.ts's does.
const config = loadConfig({ ...process.env, CAPTCHA: 'off', DEMO: '0', LOG_LEVEL: 'warn', DATA_DIR: dataDir, MQTT_PORT: '0' });
const booted = await boot(config, { mqtt: process.env.BENCH_PHASE !== 'seed' });
const { db } = booted.services;
const hash = await hashPassword('Bench123');
if (process.env.BENCH_PHASE === 'seed') {
  await sql`insert into community (name, location, address, type) select 'Community ' || n, 'L', 'A', 0 from generate_series(1, 50) n`.execute(
    db,
  );
  await sql`insert into address (community_id, address, name, type)
    select c.id, 'B' || (n / 20) || '-' || (100 + n % 20), 'H' || n, 1 from community c, generate_series(1, 200) n`.execute(db);
  await sql`insert into account (reg_no, area_code, name, password_hash, role_id, state, community_id, face_limit, resident_limit, lang, reg_time)
    select (13000000000 + n)::text, '86', substr(md5(n::text), 1, 8), ${hash}, 7, n % 3,
      (select min(id) from community) + n % 50, 6, 3, 'en', now() - make_interval(secs => n)
    from generate_series(1, ${ACCOUNTS}) n`.execute(db);
  await insertAccount(db, { regNo: '13999999999', name: 'Bench admin', password: 'Bench123', roleId: 1 });
  await sql`analyze`.execute(db);
  await booted.shutdown();
  process.exit(0);
}
// As main.ts does at start: the face detector's models loaded and run once only with FACE_DETECTOR_WARMUP.
await startFaceDetector(config);
const community = await db.selectFrom('community').select('id').orderBy('id').executeTakeFirstOrThrow();
const addresses = await db.selectFrom('address').select('address').where('community_id', '=', community.id).limit(200).execute();
const admin = await db.selectFrom('account').select('id').where('reg_no', '=', '13999999999').executeTakeFirstOrThrow();
const token = await openSession(db, { accountId: admin.id, roleId: 1, communityId: 0 });
const app = await buildApp(booted.services);
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };

/** The baseline: n householder rows as batched INSERTs in one transaction, timed, then removed. */
async function bare(n: number): Promise<number> {
  const t0 = performance.now();
  await db.transaction().execute(async (trx) => {
    for (let at = 0; at < n; at += 1000) {
      const rows = Array.from({ length: Math.min(1000, n - at) }, (_, k) => ({
        reg_no: String(16000000000 + at + k),
        area_code: '86',
        name: `Bare ${at + k}`.slice(0, 15),
        password_hash: hash,
        role_id: 7,
        state: 0,
        community_id: community.id,
        face_limit: 6,
        resident_limit: 3,
        lang: 'en',
      }));
      await trx.insertInto('account').values(rows).execute();
    }
  });
  const seconds = (performance.now() - t0) / 1000;
  await db.deleteFrom('account').where('reg_no', '>=', '16000000000').where('reg_no', '<', '17000000000').execute();
  return seconds;
}

/** What the process holds at its highest RSS since `watch` began (MB): V8's heap, buffers, WebAssembly memory. */
let peak: NodeJS.MemoryUsage | null = null;
let watching: NodeJS.Timeout | undefined;
function watch() {
  peak = process.memoryUsage();
  watching = setInterval(() => {
    const now = process.memoryUsage();
    if (now.rss > (peak as NodeJS.MemoryUsage).rss) peak = now;
  }, 50);
}
const inMb = (u: NodeJS.MemoryUsage) => Object.fromEntries(Object.entries(u).map(([k, v]) => [k, Math.round(v / 1048576)]));

process.on('message', async (m: { op: 'bare'; n: number } | { op: 'watch' } | { op: 'peak' } | { op: 'stop' }) => {
  if (m.op === 'bare') return process.send?.({ op: 'bare', seconds: await bare(m.n) });
  if (m.op === 'watch') {
    const at = inMb(process.memoryUsage());
    watch();
    return process.send?.({ op: 'watch', at });
  }
  if (m.op === 'peak') {
    clearInterval(watching);
    return process.send?.({ op: 'peak', at: peak ? inMb(peak) : null });
  }
  await app.close();
  await booted.shutdown();
  process.exit(0);
});
process.send?.({ op: 'ready', port, token, communityId: community.id, addresses: addresses.map((a) => a.address) });
