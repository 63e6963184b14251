import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PENDING_CMD_STATUSES } from '@gatehouse/contracts';
import { type Fleet, type SimulatedDevice, startFleet } from '@gatehouse/device-sim';
import { sql } from 'kysely';
import { type DbHandle, migrate, openDb } from '../db/index.ts';
import { until } from './devices.ts';
import { freshPostgres } from './harness.ts';
import { Instance } from './instance.ts';
import { freePort, type Mosquitto, startMosquitto } from './mosquitto-plain.ts';
import { TcpProxy } from './tcp-proxy.ts';
import { seedUnits } from './units.ts';

/** The faults a chaos run injects (issue 38 item 2). */
export const FAULT_KINDS = ['instance', 'broker', 'database', 'unit'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface RigOptions {
  instances: number;
  units: number;
  /** COMMAND_ACK_TIMEOUT_MS of every instance. */
  leaseMs: number;
  /** How soon a unit publishes an event the server did not confirm again. */
  redeliverMs: number;
}

/**
 * What a chaos run stands on: a PostgreSQL database of its own reached by the instances through a TCP
 * proxy (cut = the database is gone for them), a Mosquitto of its own (halted and resumed on its port,
 * without persistence: its sessions die with it), N server instances in child processes with the
 * default session settings and their own HTTP ports (SIGKILL, then started again on the same port),
 * and simulated door units (one loses its network: its socket drops, then it connects again). The
 * rig reads the database directly, past the proxy, so it can watch during a database fault.
 */
export class ChaosRig {
  readonly instances: Instance[] = [];
  private readonly env: Record<string, string>[] = [];

  private constructor(
    readonly o: RigOptions,
    readonly db: DbHandle,
    private readonly pg: { url: string; drop: () => Promise<void> },
    private readonly proxy: TcpProxy,
    private readonly mosq: Mosquitto,
    readonly fleet: Fleet,
    readonly addressIds: number[],
    readonly serials: string[],
    private readonly dataDir: string,
  ) {}

  static async start(o: RigOptions): Promise<ChaosRig> {
    const pg = await freshPostgres();
    const db = await openDb({ url: pg.url });
    await migrate(db.db);
    const seeded = await seedUnits(db.db, o.units, 4, 'unit-secret');
    const u = new URL(pg.url);
    const proxy = new TcpProxy(await freePort(), { host: u.hostname, port: Number(u.port || 5432) });
    await proxy.start();
    u.port = String(proxy.port);
    const mosq = await startMosquitto();
    const prefix = `ghx${crypto.randomBytes(3).toString('hex')}`;
    const fleet = await startFleet(
      seeded.serials.map((serial) => ({ serial })),
      { url: mosq.url, prefix, secret: 'unit-secret', redeliverMs: o.redeliverMs },
      50,
    );
    if (fleet.failed.length) throw new Error(`units that did not connect: ${fleet.failed.map((f) => f.error).join('; ')}`);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-chaos-'));
    const rig = new ChaosRig(o, db, pg, proxy, mosq, fleet, seeded.addressIds, seeded.serials, dataDir);
    for (let i = 0; i < o.instances; i++) {
      rig.env.push({
        DATABASE_URL: u.toString(),
        MQTT_URL: mosq.url,
        MQTT_TOPIC_PREFIX: prefix,
        COMMAND_ACK_TIMEOUT_MS: String(o.leaseMs),
        DATA_DIR: dataDir,
        INSTANCE_HTTP_PORT: String(await freePort()),
        LOG_LEVEL: process.env.CHAOS_LOG_LEVEL ?? 'silent',
        DEMO: '0',
        CAPTCHA: 'off',
      });
    }
    // No INSTANCE_ID: the default (<hostname>-<pid>), as an operator runs it.
    rig.instances.push(...(await Promise.all(rig.env.map((env) => Instance.start(null, env)))));
    await until(async () => (await rig.onlineUnits()) === o.units, 120_000, 'units online');
    // Warmed up: the units' first configuration sent and answered before the run's clock starts.
    await until(async () => (await rig.pendingCommands()) === 0, 120_000, 'first configuration settled');
    return rig;
  }

  async onlineUnits(): Promise<number> {
    const row = await this.db.db
      .selectFrom('device')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('online', '=', true)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /** Commands not yet answered (not sent, or sent). */
  async pendingCommands(): Promise<number> {
    const row = await this.db.db
      .selectFrom('command')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('status', 'in', PENDING_CMD_STATUSES)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /** The instances that are running now, with their index. */
  live(): { i: number; inst: Instance }[] {
    return this.instances.flatMap((inst, i) => (inst.alive ? [{ i, inst }] : []));
  }

  /** Injects one fault (`pick` chooses the instance or unit); answers what repairs it. */
  async inject(kind: FaultKind, pick: (n: number) => number): Promise<{ what: string; repair: () => Promise<void> }> {
    switch (kind) {
      case 'instance': {
        const live = this.live();
        const { i, inst } = live[pick(live.length)] as { i: number; inst: Instance };
        await inst.kill('SIGKILL');
        return {
          what: `instance ${i} SIGKILLed`,
          repair: async () => {
            this.instances[i] = await Instance.start(null, this.env[i] as Record<string, string>);
          },
        };
      }
      case 'broker':
        await this.mosq.halt();
        return { what: 'broker stopped', repair: () => this.mosq.resume() };
      case 'database':
        await this.proxy.cut();
        return { what: 'database unreachable', repair: () => this.proxy.start() };
      case 'unit': {
        const d = this.fleet.devices[pick(this.fleet.devices.length)] as SimulatedDevice;
        await d.kill();
        return { what: `unit ${d.serial} lost its network`, repair: () => d.start() };
      }
    }
  }

  async stop(): Promise<void> {
    await this.fleet.stop().catch(() => {});
    await Promise.all(this.instances.map((inst) => inst.kill('SIGTERM')));
    await this.mosq.stop();
    await this.proxy.cut();
    await this.db.close();
    await this.pg.drop();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
