import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CMD_STATUS } from '@gatehouse/contracts';
import { type SimulatedDevice, startSimulatedDevice } from '@gatehouse/device-sim';
import { afterEach, describe, expect, it } from 'vitest';
import { boot, type Booted } from '../boot.ts';
import { testConfig } from '../config.ts';
import { bindDevice } from '../modules/device/binding.ts';
import { until } from '../test/devices.ts';
import { rerunOnPostgres } from '../test/harness.ts';
import { withCommands } from './commands.ts';

const BROKERS = [
  { name: 'embedded', url: undefined as string | undefined },
  ...(process.env.MQTT_URL ? [{ name: 'external', url: process.env.MQTT_URL }] : []),
];

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe.skipIf(rerunOnPostgres).each(BROKERS)('server restart between send and ack ($name broker)', ({ url }) => {
  const dirs: string[] = [];
  let sim: SimulatedDevice | undefined;
  let running: Booted | undefined;
  afterEach(async () => {
    await sim?.stop();
    await running?.shutdown();
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it('still brings the commands to status 2', { timeout: 120_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-restart-'));
    dirs.push(dataDir);
    const prefix = `ghr${crypto.randomBytes(3).toString('hex')}`;
    const config = testConfig({ DATA_DIR: dataDir, dataDir, MQTT_PORT: await freePort(), MQTT_URL: url, MQTT_TOPIC_PREFIX: prefix });
    // A database on disk, so the second server finds the commands of the first.
    running = await boot(config, { inMemoryDb: false, mqtt: true });
    const { db } = running.services;
    const community = await db
      .insertInto('community')
      .values({ name: 'R', location: '', address: '', ip: null, type: 0, reg_no: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const door = await db
      .insertInto('address')
      .values({ community_id: community.id, address: 'Gate', name: 'Gate', type: 0, is_villa: 0, hardware: 15, devstate: 0, reg_no: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const serial = `RS${crypto.randomBytes(4).toString('hex')}`;
    await db.insertInto('device').values({ serial, name: 'R', is_villa: 0, hardware: 15, note: '' }).execute();
    const bound = await withCommands(running.services, (trx, q) => bindDevice(trx, q, { addressId: door.id, serial }));
    const statuses = async () =>
      (await db.selectFrom('command').select('status').where('address_id', '=', door.id).execute()).map((c) => c.status);

    // The unit answers slowly: the server goes down after sending, before the acks.
    sim = await startSimulatedDevice({
      url: running.services.devices.url as string,
      prefix,
      serial,
      secret: bound.secret,
      ackDelayMs: 3000, // long enough that no ack can beat the status check below on a loaded machine
    });
    // reset, profile, QR key, lift file, call codes, schedule, holiday and group tables: the whole configuration of a bare unit
    await sim.waitFor((s) => s.received.length >= 8, 30_000);
    expect(await statuses()).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    await running.shutdown();
    running = undefined;
    await new Promise((r) => setTimeout(r, 1500));

    running = await boot(config, { inMemoryDb: false, mqtt: true });
    const db2 = running.services.db;
    await until(
      async () =>
        (await db2.selectFrom('command').select('status').where('address_id', '=', door.id).execute()).every(
          (c) => c.status === CMD_STATUS.success,
        ),
      60_000,
      'acks after the restart',
    );
    expect(sim.state.applied).toHaveLength(8);
  });
});
