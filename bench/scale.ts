import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { CMD_KIND } from '../packages/contracts/src/index.ts';
import { startFleet } from '../packages/device-sim/src/index.ts';
import { migrate, openDb } from '../packages/server/src/db/index.ts';
import { freshPostgres } from '../packages/server/src/test/harness.ts';
import { startMosquitto } from '../packages/server/src/test/mosquitto-plain.ts';
import { seedUnits } from '../packages/server/src/test/units.ts';

const UNITS = Number(process.env.SCALE_UNITS ?? 10_000);
const EVENTS_PER_UNIT = Number(process.env.SCALE_EVENTS ?? 3);
const mb = (kb: number) => Math.round(kb / 1024);

/** The server process's resident memory now and at its peak (VmRSS, VmHWM), KB. */
function rssOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

class Server {
  private seq = 0;
  private readonly waiting = new Map<number, (m: { value?: unknown; error?: string }) => void>();
  constructor(readonly proc: ChildProcess) {
    proc.on('message', (m: { id?: number; value?: unknown; error?: string }) => {
      if (m.id === undefined) return;
      this.waiting.get(m.id)?.(m);
      this.waiting.delete(m.id);
    });
  }
  ask<T>(m: Record<string, unknown>): Promise<T> {
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (r) => (r.error ? reject(new Error(r.error)) : resolve(r.value as T)));
      this.proc.send({ ...m, id });
    });
  }
}

/**
 * Several-instance scale (issue 15): 10,000 simulated door units on one Mosquitto,
 * the server in its own process (PostgreSQL when DATABASE_URL is set, else PGlite).
 * Fan-out: one card to every unit → 10,000 commands claimed, published, acked and
 * written back, against the broker's raw rate for the same 10,000 QoS 1 messages and
 * acks in the same run. Ingestion: every unit sends events at full speed; events
 * stored per second against a bare batched INSERT of as many rows.
 */
export async function scaleBench() {
  const mosq = await startMosquitto();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-scale-'));
  const pg = process.env.DATABASE_URL ? await freshPostgres() : null;
  const prefix = `ghs${crypto.randomBytes(2).toString('hex')}`;
  const secret = 'scale-secret';
  // Seed before the server starts (PGlite: one process owns the database at a time).
  const seedHandle = await openDb({ url: pg?.url, dataDir });
  await migrate(seedHandle.db);
  const { addressIds, serials } = await seedUnits(seedHandle.db, UNITS, 20, secret);
  await seedHandle.close();

  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !['REDIS_URL', 'DATABASE_URL', 'MQTT_URL'].includes(k))),
    DATA_DIR: dataDir,
    ...(pg ? { DATABASE_URL: pg.url } : {}),
    MQTT_URL: mosq.url,
    MQTT_TOPIC_PREFIX: prefix,
    INSTANCE_ID: 'scale-1',
    LOG_LEVEL: 'warn',
    DEMO: '0',
    CAPTCHA: 'off',
  };
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'scale-child.ts')], {
    env: env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    proc.once('exit', (c) => reject(new Error(`server exited (${c})`)));
    proc.once('message', () => resolve());
  });
  proc.removeAllListeners('exit');
  const server = new Server(proc);
  // A failed run must not leave the server and the broker behind.
  const cleanUp = () => {
    if (proc.exitCode === null) proc.kill('SIGKILL');
    if (mosq.proc.exitCode === null) mosq.proc.kill('SIGKILL');
  };
  process.once('exit', cleanUp);

  const step = (what: string) => console.log(`  ${new Date().toISOString().slice(11, 19)} ${what}`);
  step(`server up (${pg ? 'PostgreSQL' : 'PGlite'}), ${UNITS} units seeded; connecting the units`);
  const simRss0 = process.memoryUsage().rss;
  const t0 = performance.now();
  const fleet = await startFleet(
    serials.map((serial) => ({ serial })),
    { url: mosq.url, prefix, secret },
    250,
  );
  const connectMs = performance.now() - t0;
  const simRssPerUnitKb = Math.round((process.memoryUsage().rss - simRss0) / 1024 / UNITS);
  if (fleet.failed.length) throw new Error(`${fleet.failed.length} units did not connect: ${fleet.failed[0]?.error}`);
  // Let the 10,000 "online" status messages land before measuring.
  await new Promise((r) => setTimeout(r, 3000));
  const idleRss = rssOf(proc.pid as number);

  step(`units connected in ${Math.round(connectMs)} ms; raw publish/ack`);
  // Raw: one client publishes the same 10,000 QoS 1 messages and waits for the 10,000 acks.
  const raw = await mqtt.connectAsync(mosq.url, { clientId: `scale-raw-${prefix}` });
  await raw.subscribeAsync(`${prefix}/dev/+/ack`, { qos: 1 });
  const rawRun = async (base: number) => {
    const waiting = new Set(serials.map((_, i) => base + i));
    const tr = performance.now();
    const done = new Promise<void>((resolve) => {
      const onMsg = (_t: string, payload: Buffer) => {
        waiting.delete((JSON.parse(payload.toString()) as { id: number }).id);
        if (!waiting.size) {
          raw.off('message', onMsg);
          resolve();
        }
      };
      raw.on('message', onMsg);
    });
    await Promise.all(
      serials.map((s, i) =>
        raw.publishAsync(
          `${prefix}/dev/${s}/cmd`,
          JSON.stringify({
            id: base + i,
            type: 4,
            kind: CMD_KIND.cardPut,
            payload: { cardId: `R${base}`, account: '13900000001' },
            createdAt: new Date().toISOString(),
          }),
          { qos: 1 },
        ),
      ),
    );
    await done;
    return performance.now() - tr;
  };
  // Two rounds each, the better one counts (the shared machine's load comes and goes).
  const rawRuns = [await rawRun(2_000_000_000), await rawRun(2_000_100_000)];
  const rawMs = Math.min(...rawRuns);
  await raw.endAsync();

  step(`raw ${Math.round(rawMs)} ms; fan-out`);
  let peak = idleRss.rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(proc.pid as number).rss);
  }, 100);
  const fanOutRuns: number[] = [];
  for (const card of ['FANOUT1', 'FANOUT2']) {
    const tf = performance.now();
    const firstId = await server.ask<number>({ op: 'issue', addressIds, card });
    await server.ask({ op: 'acked', firstId });
    fanOutRuns.push(performance.now() - tf);
  }
  const fanOutMs = Math.min(...fanOutRuns);
  clearInterval(sampler);
  const afterFanOut = rssOf(proc.pid as number);

  step(`fan-out ${Math.round(fanOutMs)} ms; ingestion`);
  // Ingestion: the server leaves the broker (its session stays), every unit sends its
  // events as fast as it can, then the server comes back and drains them: the time from
  // its return to the last event stored is the server's own rate, not the simulators'.
  const before = await server.ask<number>({ op: 'events' });
  const expected = before + UNITS * EVENTS_PER_UNIT;
  await server.ask({ op: 'pause' });
  const tp = performance.now();
  await Promise.all(
    fleet.devices.map(async (d) => {
      for (let i = 0; i < EVENTS_PER_UNIT; i++) await d.scanQr(`bench-${i}`);
    }),
  );
  const publishedMs = performance.now() - tp;
  step(`${UNITS * EVENTS_PER_UNIT} events published in ${Math.round(publishedMs)} ms while the server was away; draining`);
  const ti = performance.now();
  await server.ask({ op: 'resume' });
  for (;;) {
    if ((await server.ask<number>({ op: 'events' })) >= expected) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const ingestMs = performance.now() - ti;
  const bareMs = await server.ask<number>({ op: 'bare-insert', rows: UNITS * EVENTS_PER_UNIT });
  const final = rssOf(proc.pid as number);

  await fleet.stop();
  proc.kill('SIGTERM');
  await new Promise((r) => proc.once('exit', r));
  await mosq.stop();
  await pg?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const events = UNITS * EVENTS_PER_UNIT;
  return {
    database: pg ? 'postgres' : 'pglite',
    broker: 'mosquitto',
    units: UNITS,
    simConnectMs: Math.round(connectMs),
    simRssPerUnitKb,
    duplicates: fleet.duplicates(),
    fanOut: {
      commands: UNITS,
      rounds: 2,
      allAckedMs: Math.round(fanOutMs),
      rawPublishAckMs: Math.round(rawMs),
      runsMs: { fanOut: fanOutRuns.map(Math.round), raw: rawRuns.map(Math.round) },
      ratioOfRaw: Math.round((rawMs / fanOutMs) * 100) / 100,
      serverRssIdleMb: mb(idleRss.rss),
      serverRssPeakMb: mb(Math.max(peak, afterFanOut.rss)),
    },
    ingestion: {
      events,
      publishedMs: Math.round(publishedMs),
      storedMs: Math.round(ingestMs),
      storedPerSec: Math.round(events / (ingestMs / 1000)),
      bareInsertMs: Math.round(bareMs),
      bareInsertPerSec: Math.round(events / (bareMs / 1000)),
      ratioOfBare: Math.round((bareMs / ingestMs) * 100) / 100,
      serverRssPeakMb: mb(final.peak),
    },
  };
}
