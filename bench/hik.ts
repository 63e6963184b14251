import crypto from 'node:crypto';
import { sql } from 'kysely';
import pino from 'pino';
import { CMD_KIND, CMD_STATUS } from '../packages/contracts/src/index.ts';
import { type HikEmulator, type SimulatedDevice, startHikEmulator, startSimulatedDevice } from '../packages/device-sim/src/index.ts';
import { SecretBox } from '../packages/server/src/crypto/secret-box.ts';
import { migrate, openDb } from '../packages/server/src/db/index.ts';
import { syncMenus } from '../packages/server/src/db/seed.ts';
import { startEmbeddedBroker } from '../packages/server/src/devices/broker.ts';
import { claimCommands, unclaim } from '../packages/server/src/devices/claim.ts';
import { withCommands } from '../packages/server/src/devices/commands.ts';
import { connectGateway } from '../packages/server/src/devices/gateway.ts';
import { Inbound } from '../packages/server/src/devices/inbound.ts';
import { command } from '../packages/server/src/devices/new-command.ts';
import { News } from '../packages/server/src/devices/news.ts';
import { verifyDeviceSecret } from '../packages/server/src/devices/secrets.ts';
import { hikIsapiAdapter, hikLinks } from '../packages/server/src/devices/vendors/hik/adapter.ts';
import { seedUnits } from '../packages/server/src/test/units.ts';
import { percentile } from './lib.ts';

const round = (x: number) => Math.round(x * 10) / 10;
const median = (xs: number[]) => percentile(xs, 50);

/**
 * Issue 33's figure: a card issued to N door units → all acked, N emulated Hikvision terminals
 * (ISAPI over HTTP, digest authentication: two calls per card) against N simulated MQTT units,
 * in the same run. The MQTT side goes through the real gateway and dispatcher; the Hikvision side
 * through claim → hik-isapi adapter → Inbound (the dispatcher's registry wiring is another branch).
 */
export async function hikBench(units = Number(process.env.HIK_BENCH_UNITS ?? 100), rounds = Number(process.env.HIK_BENCH_ROUNDS ?? 3)) {
  const handle = await openDb({ dataDir: null });
  await migrate(handle.db);
  await syncMenus(handle.db);
  const db = handle.db;
  const prefix = `ghh${crypto.randomBytes(2).toString('hex')}`;
  const broker = await startEmbeddedBroker(0, { prefix, verifyDevice: (s, p) => verifyDeviceSecret(db, s, p) }, '127.0.0.1');
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
  const mqttUnits = await seedUnits(db, units, 10, secret);
  const sims: SimulatedDevice[] = [];
  for (let i = 0; i < mqttUnits.serials.length; i += 50)
    sims.push(
      ...(await Promise.all(mqttUnits.serials.slice(i, i + 50).map((serial) => startSimulatedDevice({ url, prefix, serial, secret })))),
    );

  // The Hikvision units live in a database of their own: the gateway's sweep must not claim their commands.
  const hikHandle = await openDb({ dataDir: null });
  await migrate(hikHandle.db);
  const hdb = hikHandle.db;
  const hikUnits = await seedUnits(hdb, units, 10, 'unused');
  const box = new SecretBox(crypto.randomBytes(32));
  const emus: HikEmulator[] = await Promise.all(hikUnits.serials.map(() => startHikEmulator({ port: 0, password: 'pw' })));
  for (const [i, serial] of hikUnits.serials.entries()) {
    const e = emus[i] as HikEmulator;
    await hdb
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
  const hikIds = (await hdb.selectFrom('device').select('id').where('unit_kind', '=', 'hik-isapi').execute()).map((r) => r.id);
  const news = new News();
  const inbound = new Inbound(
    hdb,
    () => {},
    () => {},
    news,
  );
  const adapter = hikIsapiAdapter({ callbackUrl: null, pollMs: 60_000, timeoutMs: 10_000 })({
    db: hdb,
    log: pino({ level: 'silent' }),
    reports: {
      ack: (s, a) => inbound.ack(s, a),
      event: (s, e) => inbound.event(s, e),
      status: (s, st) => inbound.status(s, st),
      heartbeat: (s, b) => inbound.heartbeat(s, b),
    },
    unseal: (s) => box.tryOpen(s),
    dispatch: () => {},
    leaseMs: 60_000,
    instance: 'bench',
  });
  /** The dispatcher's part for the Hikvision units: claim, send, unclaim what did not go. */
  const dispatchHik = async () => {
    for (;;) {
      const cmds = await claimCommands(hdb, hikIds, [], { instance: 'bench', leaseMs: 60_000, limit: 1000 });
      if (!cmds.length) return;
      const links = await hikLinks(hdb, (s) => box.tryOpen(s), [...new Set(cmds.map((c) => c.device_id))]);
      await unclaim(db, (await adapter.send?.(new Map(links.map((l) => [l.id, l])), cmds)) ?? []);
    }
  };
  const services = { db, devices: bus, doors: { sources: [], ladder: [], dataDir: '.', tz: 'UTC' } };
  const allAcked = async (on: typeof db, first: number) => {
    for (;;) {
      const left = await on
        .selectFrom('command')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('id', '>=', first)
        .where('status', '!=', CMD_STATUS.success)
        .executeTakeFirstOrThrow();
      if (left.n === 0) return;
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  const issue = async (addressIds: number[], r: number, hik: boolean) => {
    const t0 = performance.now();
    const first = await withCommands(
      hik ? { ...services, db: hdb, devices: { ...bus, dispatch: () => {} } } : services,
      async (_trx, q) => {
        await q.add(addressIds, [
          command(
            CMD_KIND.cardPut,
            { cardId: `B${r}${hik ? 'H' : 'M'}`, account: `1390000${String(r).padStart(4, '0')}`, userName: 'Bench' },
            { objectKey: `card:${r}` },
          ),
        ]);
        return Math.min(...q.commandIds);
      },
    );
    if (hik) await dispatchHik();
    await inbound.idle();
    await allAcked(hik ? hdb : db, first);
    return performance.now() - t0;
  };
  const mqttMs: number[] = [];
  const hikMs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    mqttMs.push(await issue(mqttUnits.addressIds, r, false));
    hikMs.push(await issue(hikUnits.addressIds, r, true));
  }
  const cards = emus.reduce((n, e) => n + e.state.cards.size, 0);
  inbound.stop();
  await Promise.all(sims.map((s) => s.stop()));
  await Promise.all(emus.map((e) => e.close()));
  await bus.close();
  await broker.close();
  await handle.close();
  await hikHandle.close();
  return {
    units,
    rounds,
    cardsOnTerminals: cards,
    hikAllAckedMs: hikMs.map(round),
    mqttAllAckedMs: mqttMs.map(round),
    hikMedianMs: round(median(hikMs)),
    mqttMedianMs: round(median(mqttMs)),
    ratio: round(median(hikMs) / median(mqttMs)),
    goal: 'ratio ≤ 3',
  };
}
