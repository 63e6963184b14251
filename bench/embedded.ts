import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFleet } from '../packages/device-sim/src/index.ts';
import { migrate, openDb } from '../packages/server/src/db/index.ts';
import { freshPostgres } from '../packages/server/src/test/harness.ts';
import { freePort, startMosquitto } from '../packages/server/src/test/mosquitto-plain.ts';
import { seedUnits } from '../packages/server/src/test/units.ts';
import { ScaleServer } from './scale-server.ts';

const UNITS = Number(process.env.EMBEDDED_UNITS ?? 5000);

/** Connects the units 250 at a time (as the scale bench does); answers how many failed and how long it took. */
async function connectAll(url: string, prefix: string, serials: string[], secret: string) {
  const t0 = performance.now();
  const fleet = await startFleet(
    serials.map((serial) => ({ serial })),
    { url, prefix, secret },
    250,
  );
  const ms = Math.round(performance.now() - t0);
  const failed = fleet.failed.length;
  const firstError = fleet.failed[0]?.error ?? null;
  await fleet.stop();
  return { connected: fleet.devices.length, failed, firstError, ms };
}

/**
 * Where the embedded broker (aedes, inside the server process) stops (issue 38 item 3): EMBEDDED_UNITS
 * simulated units (default 5,000) connect to a server on the embedded broker; the baseline is the
 * same units connecting to a plain Mosquitto in the same run. Reported: units that could not connect
 * (CONNACK timeouts, 5 s) and the time to bring them all online. `MQTT_EMBEDDED_MAX_UNITS` is set
 * from these figures (docs/scale-out.md "Embedded broker").
 */
export async function embeddedBench() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-embedded-'));
  const pg = process.env.DATABASE_URL ? await freshPostgres() : null;
  const prefix = `ghm${crypto.randomBytes(2).toString('hex')}`;
  const secret = 'embedded-secret';
  const seedHandle = await openDb({ url: pg?.url, dataDir });
  await migrate(seedHandle.db);
  const { serials } = await seedUnits(seedHandle.db, UNITS, 1, secret);
  await seedHandle.close();

  const mosq = await startMosquitto();
  const mosquitto = await connectAll(mosq.url, prefix, serials, secret);
  await mosq.stop();

  const port = await freePort();
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !['REDIS_URL', 'DATABASE_URL', 'MQTT_URL'].includes(k))),
    DATA_DIR: dataDir,
    ...(pg ? { DATABASE_URL: pg.url } : {}),
    MQTT_PORT: String(port),
    MQTT_TOPIC_PREFIX: prefix,
    LOG_LEVEL: 'warn',
    DEMO: '0',
    CAPTCHA: 'off',
  };
  const server = await ScaleServer.start(env);
  const embedded = await connectAll(`mqtt://127.0.0.1:${port}`, prefix, serials, secret);
  await server.stop();
  await pg?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return {
    database: pg ? 'postgres' : 'pglite',
    units: UNITS,
    mosquitto,
    embedded,
    ratioOfMosquitto: Math.round((mosquitto.ms / embedded.ms) * 100) / 100,
  };
}
