import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { CMD_KIND } from '../packages/contracts/src/index.ts';
import { type Fleet, startFleet } from '../packages/device-sim/src/index.ts';
import { migrate, openDb } from '../packages/server/src/db/index.ts';
import { freshPostgres } from '../packages/server/src/test/harness.ts';
import { startMosquitto } from '../packages/server/src/test/mosquitto-plain.ts';
import { seedUnits } from '../packages/server/src/test/units.ts';
import { lockdownLine } from './scale-lockdown.ts';
import { rssOf, ScaleServer } from './scale-server.ts';

const UNITS = Number(process.env.SCALE_UNITS ?? 10_000);
const EVENTS_PER_UNIT = Number(process.env.SCALE_EVENTS ?? 3);
const mb = (kb: number) => Math.round(kb / 1024);

/**
 * Several-instance scale (issue 15): 10,000 simulated door units on one Mosquitto,
 * the server in its own process (PostgreSQL when DATABASE_URL is set, else PGlite).
 * Fan-out: one card to every unit → 10,000 commands claimed, published, acked and
 * written back, against the broker's raw rate for the same 10,000 QoS 1 messages and
 * acks in the same run. Ingestion: every unit sends events at full speed; events
 * stored per second against a bare batched INSERT of as many rows.
 */
/**
 * Ingestion: the servers leave the broker (their sessions stay), every unit sends its events as
 * fast as it can, then the servers come back and drain them: the time from their return to the
 * last event stored is the servers' own rate, not the simulators'.
 */
async function ingest(servers: ScaleServer[], fleet: Fleet, tag: string, perUnit = EVENTS_PER_UNIT) {
  const first = servers[0] as ScaleServer;
  const expected = (await first.ask<number>({ op: 'events' })) + UNITS * perUnit;
  const redelivered = () => fleet.devices.reduce((n, d) => n + d.redelivered, 0);
  const redelivered0 = redelivered();
  await Promise.all(servers.map((s) => s.ask({ op: 'pause' })));
  const tp = performance.now();
  await Promise.all(
    fleet.devices.map(async (d) => {
      for (let i = 0; i < perUnit; i++) await d.scanQr(`bench-${tag}-${i}`);
    }),
  );
  const publishedMs = performance.now() - tp;
  const ti = performance.now();
  await Promise.all(servers.map((s) => s.ask({ op: 'resume' })));
  const trace: [number, number][] = [];
  for (let n = 0; n < expected; n = await first.ask<number>({ op: 'events' })) {
    if (process.env.SCALE_TRACE && (!trace.length || performance.now() - ti - (trace.at(-1)?.[0] ?? 0) > 250)) {
      trace.push([Math.round(performance.now() - ti), expected - n]);
      console.log(`    ${tag}: ${trace.at(-1)?.join(' ms, left ')}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const storedMs = Math.round(performance.now() - ti);
  // Events the units published again (no confirmation within 5 s): what the first delivery did not bring.
  return { instances: servers.length, publishedMs: Math.round(publishedMs), storedMs, redelivered: redelivered() - redelivered0 };
}

export async function scaleBench() {
  const mosq = await startMosquitto();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-scale-'));
  const pg = process.env.DATABASE_URL ? await freshPostgres() : null;
  const prefix = `ghs${crypto.randomBytes(2).toString('hex')}`;
  const secret = 'scale-secret';
  // Seed before the server starts (PGlite: one process owns the database at a time).
  const seedHandle = await openDb({ url: pg?.url, dataDir });
  await migrate(seedHandle.db);
  const { addressIds, serials } = await seedUnits(seedHandle.db, UNITS, 1, secret);
  await seedHandle.close();

  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !['REDIS_URL', 'DATABASE_URL', 'MQTT_URL'].includes(k))),
    DATA_DIR: dataDir,
    ...(pg ? { DATABASE_URL: pg.url } : {}),
    MQTT_URL: mosq.url,
    MQTT_TOPIC_PREFIX: prefix,
    INSTANCE_ID: 'scale-1',
    // The ingestion line takes the server off the broker: its session (and what units send meanwhile) stays.
    MQTT_SESSION_EXPIRY_S: '600',
    LOG_LEVEL: 'warn',
    DEMO: '0',
    CAPTCHA: 'off',
  };
  const server = await ScaleServer.start(env);
  const proc = server.proc;
  // A failed run must not leave the broker behind.
  process.once('exit', () => {
    if (mosq.proc.exitCode === null) mosq.proc.kill('SIGKILL');
  });

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
  // Let the 10,000 "online" status messages land before measuring (all units online in the database).
  const tOnline = performance.now();
  while ((await server.ask<number>({ op: 'online' })) < UNITS) await new Promise((r) => setTimeout(r, 50));
  const onlineMs = performance.now() - tOnline;
  // and what those status messages bring about (live rows, alarms) written
  await new Promise((r) => setTimeout(r, 3000));
  const idleRss = rssOf(proc.pid as number);

  // Each unit gets its profile, as at activation (the seeding skipped it): it then follows its community's topic.
  await server.ask({ op: 'acked', firstId: await server.ask<number>({ op: 'profiles' }) });
  while (fleet.devices.some((d) => d.followedCommunity === null)) await new Promise((r) => setTimeout(r, 50));
  step(`units connected in ${Math.round(connectMs)} ms, all online in the database ${Math.round(onlineMs)} ms later; raw publish/ack`);
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

  step(`fan-out ${Math.round(fanOutMs)} ms; lockdown`);
  const lockdown = await lockdownLine(server, fleet, mosq.url, prefix, addressIds[0] as number);

  step(`lockdown ${lockdown.allHoldMs} ms (raw ${lockdown.rawMs} ms); ingestion`);
  // Each line after a round of one event a unit, not counted: a freshly started instance stored its first share about
  // 2 s late (the warm-up's own time is kept beside the line), and the lines compare instances at work.
  const warmOne = await ingest([server], fleet, 'warm-one', 1);
  const one = { ...(await ingest([server], fleet, 'one')), warmUpMs: warmOne.storedMs };
  const bareMs = await server.ask<number>({ op: 'bare-insert', rows: UNITS * EVENTS_PER_UNIT });
  const final = rssOf(proc.pid as number);
  // A second instance on the same PostgreSQL (shared subscriptions share the units' events out).
  let two: (Awaited<ReturnType<typeof ingest>> & { warmUpMs: number }) | null = null;
  if (pg) {
    const second = await ScaleServer.start({ ...env, INSTANCE_ID: 'scale-2' });
    await new Promise((r) => setTimeout(r, 3000));
    const warmTwo = await ingest([server, second], fleet, 'warm-two', 1);
    two = { ...(await ingest([server, second], fleet, 'two')), warmUpMs: warmTwo.storedMs };
    await second.stop();
  }

  await fleet.stop();
  await server.stop();
  await mosq.stop();
  await pg?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const events = UNITS * EVENTS_PER_UNIT;
  const perSec = (ms: number) => Math.round(events / (ms / 1000));
  const ratio = (ms: number) => Math.round((bareMs / ms) * 100) / 100;
  return {
    database: pg ? 'postgres' : 'pglite',
    broker: 'mosquitto',
    units: UNITS,
    simConnectMs: Math.round(connectMs),
    onlineAfterConnectMs: Math.round(onlineMs),
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
    lockdown,
    ingestion: {
      events,
      oneInstance: { ...one, storedPerSec: perSec(one.storedMs), ratioOfBare: ratio(one.storedMs) },
      twoInstances: two
        ? { ...two, storedPerSec: perSec(two.storedMs), ratioOfBare: ratio(two.storedMs) }
        : 'PostgreSQL only (DATABASE_URL)',
      bareInsertMs: Math.round(bareMs),
      bareInsertPerSec: perSec(bareMs),
      serverRssPeakMb: mb(final.peak),
    },
  };
}
