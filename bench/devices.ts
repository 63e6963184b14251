import crypto from 'node:crypto';
import mqtt from 'mqtt';
import { sql } from 'kysely';
import pino from 'pino';
import { CMD_KIND, CMD_STATUS, type ProfilePayload } from '../packages/contracts/src/index.ts';
import { type SimulatedDevice, startSimulatedDevice } from '../packages/device-sim/src/index.ts';
import { buildApp } from '../packages/server/src/app.ts';
import { boot } from '../packages/server/src/boot.ts';
import { testConfig } from '../packages/server/src/config.ts';
import { migrate, openDb } from '../packages/server/src/db/index.ts';
import { syncMenus } from '../packages/server/src/db/seed.ts';
import { insertAccount } from '../packages/server/src/modules/account/insert.ts';
import { startEmbeddedBroker } from '../packages/server/src/devices/broker.ts';
import { withCommands } from '../packages/server/src/devices/commands.ts';
import { command } from '../packages/server/src/devices/new-command.ts';
import { connectGateway } from '../packages/server/src/devices/gateway.ts';
import { deviceCommunity, verifyDeviceSecret } from '../packages/server/src/devices/secrets.ts';
import { openSession } from '../packages/server/src/http/auth.ts';
import { freshPostgres } from '../packages/server/src/test/harness.ts';
import { seedUnits } from '../packages/server/src/test/units.ts';
import { percentile, timeIt } from './lib.ts';

const median = (xs: number[]) => percentile(xs, 50);
const round = (x: number) => Math.round(x * 10) / 10;
/** A profile that differs per round, so every round is a new state for every unit. */
const benchProfile = (r: number): ProfilePayload => ({
  serial: '',
  addressId: 0,
  name: `bench ${r}`,
  address: '',
  communityId: 0,
  communityName: '',
  isVilla: 0,
  hardware: 0,
});

/**
 * One change fanned out to N simulated door units (commands written in one
 * transaction, dispatched, applied, acked, written back) against a raw loop on the
 * same broker: publish one QoS 1 message per unit and wait for every unit's ack.
 */
async function fanOut(units: number, rounds: number) {
  const prefix = `ghb${crypto.randomBytes(2).toString('hex')}`;
  const handle = await openDb({ dataDir: null });
  await migrate(handle.db);
  await syncMenus(handle.db);
  const db = handle.db;
  const broker = await startEmbeddedBroker(
    0,
    { prefix, verifyDevice: (s, p) => verifyDeviceSecret(db, s, p), communityOf: (s) => deviceCommunity(db, s) },
    '127.0.0.1',
  );
  const url = `mqtt://127.0.0.1:${broker.port}`;
  const bus = await connectGateway({
    db,
    log: pino({ level: 'silent' }),
    mode: 'embedded',
    url,
    prefix,
    username: broker.serverUser,
    password: broker.serverPassword,
    disconnect: broker.disconnect,
  });
  const secret = 'bench-secret';
  const { addressIds, serials } = await seedUnits(db, units, 10, secret);
  const sims: SimulatedDevice[] = [];
  for (let i = 0; i < serials.length; i += 50) {
    sims.push(...(await Promise.all(serials.slice(i, i + 50).map((serial) => startSimulatedDevice({ url, prefix, serial, secret })))));
  }
  // Profile commands only: no area contributes to these units' configuration.
  const services = { db, devices: bus, doors: { sources: [], ladder: [], dataDir: '.', tz: 'UTC' } };
  const ours: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    const first = await withCommands(services, async (_trx, q) => {
      await q.add(addressIds, [command(CMD_KIND.profile, benchProfile(r), { objectKey: 'profile' })]);
      return Math.min(...q.commandIds);
    });
    for (;;) {
      const left = await db
        .selectFrom('command')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('id', '>=', first)
        .where('status', '!=', CMD_STATUS.success)
        .executeTakeFirstOrThrow();
      if (left.n === 0) break;
      await new Promise((res) => setTimeout(res, 5));
    }
    ours.push(performance.now() - t0);
  }

  const raw = await mqtt.connectAsync(url, {
    username: broker.serverUser,
    password: broker.serverPassword,
    clientId: `bench-raw-${prefix}`,
  });
  await raw.subscribeAsync(`${prefix}/dev/+/ack`, { qos: 1 });
  const baseline: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const base = 2_000_000_000 + r * 100_000;
    const waiting = new Set(serials.map((_, i) => base + i));
    const t0 = performance.now();
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
          JSON.stringify({ id: base + i, type: 2, kind: CMD_KIND.profile, payload: benchProfile(r), createdAt: new Date().toISOString() }),
          { qos: 1 },
        ),
      ),
    );
    await done;
    baseline.push(performance.now() - t0);
  }
  await raw.endAsync();
  await Promise.all(sims.map((s) => s.stop()));
  await bus.close();
  await broker.close();
  await handle.close();
  return {
    units,
    rounds,
    allAckedMs: ours.map(round),
    rawPublishAckMs: baseline.map(round),
    medianMs: round(median(ours)),
    rawMedianMs: round(median(baseline)),
    ratio: round(median(ours) / median(baseline)),
  };
}

/** getCommandsPage over HTTP (inject) on N commands, p95 against the bare page query on the same database. */
async function commandsPage(rows: number, databaseUrl: string | undefined) {
  const config = testConfig({ LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl });
  const booted = await boot(config, { inMemoryDb: true, mqtt: false });
  const db = booted.services.db;
  const { addressIds } = await seedUnits(db, 1000, 10, 'x');
  const devs = await db.selectFrom('device').select(['id', 'address_id', 'community_id']).execute();
  await sql`
    insert into command (device_id, address_id, community_id, subject, account, type, kind, object_key, payload, status, attempts, info, created_at, updated_at)
    select d.id, d.address_id, d.community_id, 'Building ' || (g % 50) || ' Room ' || (g % 997), '139' || lpad((g % 100000)::text, 8, '0'),
           g % 4, 'card.put', 'card:' || g, jsonb_build_object('cardId', g), (g % 5), 1, '', now() - (${rows} - g) * interval '1 second', now()
    from generate_series(1, ${rows}) g
    join (select id, address_id, community_id, row_number() over (order by id) - 1 as k from device) d on d.k = g % ${devs.length}`.execute(
    db,
  );
  await sql`analyze command`.execute(db);
  const accountId = await insertAccount(db, { regNo: '13900008888', name: 'Bench', password: 'Bench123', roleId: 1 });
  const token = await openSession(db, { accountId, roleId: 1 });
  const app = await buildApp(booted.services);
  const gate = addressIds[7] as number;
  const cases = [
    { name: 'first page, no filter', query: 'rows=50', bare: sql`select c.id from command c order by c.id desc limit 50` },
    { name: 'status = 3', query: 'rows=50&status=3', bare: sql`select c.id from command c where c.status = 3 order by c.id desc limit 50` },
    {
      name: 'one door unit',
      query: `rows=50&gateId=${gate}`,
      bare: sql`select c.id from command c where c.address_id = ${gate} order by c.id desc limit 50`,
    },
    {
      name: 'account prefix',
      query: 'rows=50&account=1390001',
      bare: sql`select c.id from command c where c.account like '1390001%' order by c.id desc limit 50`,
    },
    { name: 'page 100', query: 'rows=50&page=100', bare: sql`select c.id from command c order by c.id desc limit 50 offset 5000` },
  ];
  const results = [];
  for (const c of cases) {
    await app.inject({ url: `/api/command/getCommandsPage?${c.query}`, headers: { token } });
    const api = await timeIt(40, () => app.inject({ url: `/api/command/getCommandsPage?${c.query}`, headers: { token } }));
    const bare = await timeIt(40, () => c.bare.execute(db));
    results.push({
      case: c.name,
      apiP95ms: round(percentile(api, 95)),
      bareSqlP95ms: round(percentile(bare, 95)),
      ratio: round(percentile(api, 95) / Math.max(0.01, percentile(bare, 95))),
    });
  }
  await app.close();
  await booted.shutdown();
  return { database: databaseUrl ? 'postgres' : 'pglite', commands: rows, results };
}

/**
 * Device benchmarks (npm run bench -- devices). BENCH_DEVICE_UNITS and
 * BENCH_COMMAND_ROWS shrink them for a quick look.
 */
export async function devicesBench() {
  const units = Number(process.env.BENCH_DEVICE_UNITS ?? 1000);
  const rows = Number(process.env.BENCH_COMMAND_ROWS ?? 1_000_000);
  const fan = await fanOut(units, 3);
  const pages = [await commandsPage(rows, undefined)];
  if (process.env.DATABASE_URL) {
    const pgdb = await freshPostgres();
    pages.push(await commandsPage(rows, pgdb.url));
    await pgdb.drop();
  }
  return {
    name: 'door units: fan-out to simulated units; command list on many commands',
    fanOut: fan,
    commandsPage: pages,
    note: 'fan-out ratio = time until every unit acked and the acks are written, over a raw publish/ack loop on the same broker; page ratio = p95 of the API call over p95 of the bare page SELECT (no count, no joins), same database',
  };
}
