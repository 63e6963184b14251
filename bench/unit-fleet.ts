import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { CMD_KIND, CMD_STATUS } from '../packages/contracts/src/index.ts';
import {
  type HikEmulator,
  type SimulatedDevice,
  startHikEmulator,
  startSimulatedDevice,
  startZkEmulator,
  type ZkEmulator,
} from '../packages/device-sim/src/index.ts';
import { buildApp } from '../packages/server/src/app.ts';
import { boot } from '../packages/server/src/boot.ts';
import { testConfig } from '../packages/server/src/config.ts';
import { deviceCredentialBox } from '../packages/server/src/crypto/key-file.ts';
import type { Db } from '../packages/server/src/db/index.ts';
import { withCommands } from '../packages/server/src/devices/commands.ts';
import { command } from '../packages/server/src/devices/new-command.ts';
import { hikIsapiAdapter, hikSettingsOf } from '../packages/server/src/devices/vendors/hik/adapter.ts';
import { createZkAdapter } from '../packages/server/src/devices/vendors/zkteco/adapter.ts';
import { freshPostgres } from '../packages/server/src/test/harness.ts';
import { seedUnits } from '../packages/server/src/test/units.ts';
import { percentile } from './lib.ts';

/**
 * The real server for the door-unit benches (issue 33): boot() with its embedded broker, the app
 * listening on a port (the unit routes /iclock/*, /hik/events), the vendor adapters of the registry
 * (devices/adapters/index.ts, built the same way, with the ZKTeco Delay the bench sets), and N
 * simulated units of each kind asked for: MQTT units (device-sim), Hikvision terminals (ISAPI
 * emulators, each its own HTTP server) and ZKTeco terminals (PUSH emulators polling every Delay).
 * PGlite, or a fresh PostgreSQL database when `databaseUrl` is given.
 */
export interface FleetOptions {
  mqtt: number;
  hik: number;
  zk: number;
  /** The Delay the server hands ZKTeco terminals, and their poll interval, seconds. */
  zkDelaySec: number;
  databaseUrl?: string;
}

export type FleetKind = 'mqtt' | 'hik' | 'zk';

export async function startFleet(o: FleetOptions) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-bench-'));
  const pg = o.databaseUrl ? await freshPostgres() : null;
  const prefix = `ghf${crypto.randomBytes(2).toString('hex')}`;
  const config = testConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    dataDir,
    DATABASE_URL: pg?.url,
    MQTT_PORT: 0,
    MQTT_TOPIC_PREFIX: prefix,
    // The device-info poll and event catch-up run once at start; the card path does not depend on them.
    HIK_POLL_MS: 600_000,
  });
  const adapters = [
    hikIsapiAdapter(hikSettingsOf(config)),
    (ctx: Parameters<typeof createZkAdapter>[0]) =>
      // The online window of the default Delay (30 s): a short Delay on a loaded machine must not flap the terminals offline.
      createZkAdapter(ctx, { delaySec: o.zkDelaySec, onlineWindowMs: 30_000 }),
  ];
  // BENCH_QUERIES=1: statements' time summed by their start (where the database time goes).
  const queries = new Map<string, { n: number; ms: number }>();
  const onQuery = process.env.BENCH_QUERIES
    ? (q: { sql: string; ms?: number }) => {
        const key = q.sql.replace(/\s+/g, ' ').slice(0, 90);
        const e = queries.get(key) ?? { n: 0, ms: 0 };
        e.n++;
        e.ms += q.ms ?? 0;
        queries.set(key, e);
      }
    : undefined;
  const booted = await boot(config, { inMemoryDb: true, mqtt: true, adapters, onQuery });
  const { services } = booted;
  const db: Db = services.db;
  const app = await buildApp(services);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const server = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const secret = 'bench-secret';
  const mqtt = await seedUnits(db, o.mqtt, 10, secret);
  const sims: SimulatedDevice[] = [];
  // Ten at a time: each connect checks its secret (a hash); a loaded machine must not time the connects out.
  for (let i = 0; i < mqtt.serials.length; i += 10)
    sims.push(
      ...(await Promise.all(
        mqtt.serials
          .slice(i, i + 10)
          .map((serial) => startSimulatedDevice({ url: services.devices.url as string, prefix, serial, secret })),
      )),
    );

  const hik = await seedUnits(db, o.hik, 10, 'unused');
  const box = deviceCredentialBox(config);
  const hikEmus: HikEmulator[] = await Promise.all(hik.serials.map(() => startHikEmulator({ port: 0, password: 'pw' })));
  for (const [i, serial] of hik.serials.entries()) {
    const e = hikEmus[i] as HikEmulator;
    await db
      .updateTable('device')
      .set({
        unit_kind: 'hik-isapi',
        vendor_host: e.host,
        vendor_port: e.port,
        vendor_user: 'admin',
        vendor_secret_box: box.seal('pw'),
        online: true,
      })
      .where('serial', '=', serial)
      .execute();
  }

  const zk = await seedUnits(db, o.zk, 10, 'unused');
  if (zk.serials.length) await db.updateTable('device').set({ unit_kind: 'zk-push' }).where('serial', 'in', zk.serials).execute();
  const zkEmus: ZkEmulator[] = [];
  for (let i = 0; i < zk.serials.length; i += 50)
    zkEmus.push(
      ...(await Promise.all(zk.serials.slice(i, i + 50).map((serial) => startZkEmulator({ server, serial, pollMs: o.zkDelaySec * 1000 })))),
    );

  const addressIds: Record<FleetKind, number[]> = { mqtt: mqtt.addressIds, hik: hik.addressIds, zk: zk.addressIds };
  // Every unit online and its start-up commands (if any) settled before anything is timed.
  await waitFor(async () => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from device where not online`.execute(db);
    return rows[0]?.n === 0;
  });
  await services.devices.idle();

  const doorless = { ...services, doors: { ...services.doors, sources: [], ladder: [] } };
  /**
   * A card issued to every unit of a kind (one transaction, as the card area does): ms until all acked.
   * `pollAtOnce` (ZKTeco, a diagnostic): every terminal polls right after the issue, as if each
   * terminal's Delay ran out just then (what the server takes, without the wait for the polls).
   */
  const issueCard = async (kind: FleetKind, round: number, pollAtOnce = false): Promise<number> => {
    const t0 = performance.now();
    const first = await withCommands(doorless, async (_trx, q) => {
      await q.add(addressIds[kind], [
        command(
          CMD_KIND.cardPut,
          { cardId: `B${round}${kind}`, account: `1390000${String(round).padStart(4, '0')}`, userName: 'Bench' },
          { objectKey: `card:${round}:${kind}` },
        ),
      ]);
      return Math.min(...q.commandIds);
    });
    if (pollAtOnce) await Promise.all(zkEmus.map((e) => e.pollOnce()));
    await waitFor(async () => {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from command where id >= ${first} and status != ${CMD_STATUS.success}`.execute(db);
      return rows[0]?.n === 0;
    });
    return performance.now() - t0;
  };

  return {
    db,
    server,
    services,
    serials: { mqtt: mqtt.serials, hik: hik.serials, zk: zk.serials },
    sims,
    hikEmus,
    zkEmus,
    issueCard,
    /** The statements' time since the last call, most first (BENCH_QUERIES=1). */
    queries() {
      const out = [...queries]
        .sort((a, b) => b[1].ms - a[1].ms)
        .slice(0, 12)
        .map(([sql, e]) => ({ sql, n: e.n, ms: Math.round(e.ms) }));
      queries.clear();
      return out;
    },
    /** The Inbound path every kind reports through. */
    idle: () => services.devices.idle(),
    async close() {
      await Promise.all(zkEmus.map((e) => e.close()));
      await Promise.all(sims.map((s) => s.stop()));
      await app.close();
      await booted.shutdown();
      await Promise.all(hikEmus.map((e) => e.close()));
      await pg?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Fleet = Awaited<ReturnType<typeof startFleet>>;

/** Polls a condition every 5 ms (the benches' own waits; never more than two minutes). */
export async function waitFor(ok: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > until) throw new Error('bench: condition not reached in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

export const round1 = (x: number) => Math.round(x * 10) / 10;
const median = (xs: number[]) => percentile(xs, 50);

/**
 * Issue 33's figure for one vendor kind: a card issued to all its units → all acked, against the
 * same card issued to the MQTT units, rounds interleaved (MQTT, then the kind) in the same run.
 */
export async function cardFigures(fleet: Fleet, kind: 'hik' | 'zk', rounds: number) {
  const mqttMs: number[] = [];
  const kindMs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    mqttMs.push(await fleet.issueCard('mqtt', r));
    kindMs.push(await fleet.issueCard(kind, r));
  }
  // ZKTeco: the same with every terminal polling at once after the issue (the server's part alone).
  const atOnceMs: number[] = [];
  if (kind === 'zk') for (let r = 0; r < rounds; r++) atOnceMs.push(await fleet.issueCard('zk', rounds + r, true));
  return {
    units: fleet.serials[kind].length,
    rounds,
    [`${kind}AllAckedMs`]: kindMs.map(round1),
    mqttAllAckedMs: mqttMs.map(round1),
    [`${kind}MedianMs`]: round1(median(kindMs)),
    mqttMedianMs: round1(median(mqttMs)),
    ratio: round1(median(kindMs) / median(mqttMs)),
    goal: 'ratio ≤ 3',
    ...(atOnceMs.length
      ? { zkPolledAtOnceMedianMs: round1(median(atOnceMs)), polledAtOnceRatio: round1(median(atOnceMs) / median(mqttMs)) }
      : {}),
  };
}
