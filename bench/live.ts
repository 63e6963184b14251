import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { startSimulatedDevice } from '../packages/device-sim/src/index.ts';
import { buildApp } from '../packages/server/src/app.ts';
import { boot } from '../packages/server/src/boot.ts';
import { testConfig } from '../packages/server/src/config.ts';
import { openSession } from '../packages/server/src/http/auth.ts';
import { insertAccount } from '../packages/server/src/modules/account/insert.ts';
import { readStream } from '../packages/server/src/test/sse.ts';

const CLIENTS = 200;
const UNITS = 5;
const EVENTS_PER_UNIT = 300;

/**
 * Live stream fan-out (docs/live-operations.md): 200 SSE clients (separate sessions,
 * over real HTTP) while 5 simulated units send 1,500 access events over MQTT as fast as
 * they can. Stored rate = events / time until the last is in access_event; delivered
 * rate per client = events / time until that client had the last. Goal: delivered ≥ 90 %
 * of stored, every event reaching every client.
 */
export async function liveBench() {
  const prefix = `ghb${crypto.randomBytes(3).toString('hex')}`;
  const booted = await boot(testConfig({ LOG_LEVEL: 'silent', MQTT_PORT: 0, MQTT_TOPIC_PREFIX: prefix }), { inMemoryDb: true, mqtt: true });
  const { db, devices } = booted.services;
  const app = await buildApp(booted.services);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const community = await db
    .insertInto('community')
    .values({ name: 'Bench Court', location: 'L', address: 'A', ip: null, type: 0, reg_no: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const accountId = await insertAccount(db, { regNo: '13900009997', name: 'Bench', password: 'Bench123', roleId: 1 });
  const admin = await openSession(db, { accountId, roleId: 1 });
  const post = async <T>(url: string, body: Record<string, string | number>): Promise<T> => {
    const res = await app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { token: admin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
    });
    const env = res.json() as { status: number; msgs: string[]; content: T };
    if (env.status !== 200) throw new Error(`${url}: ${env.msgs.join('; ')}`);
    return env.content;
  };
  const sims = [];
  for (let i = 0; i < UNITS; i++) {
    const serial = `LB${i}${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
    await post('/pool/addPool', { name: `Unit ${serial}`, regNo: serial, isVilla: 0, cardSupported: 4 });
    const unit = await post<{ secret: string }>('/device/insertDevice', {
      addressName: `Gate ${serial}`,
      regNo: serial,
      userPhone: '13912345678',
      communityID: community.id,
    });
    sims.push(await startSimulatedDevice({ url: devices.url as string, prefix, serial, secret: unit.secret, heartbeatMs: 0 }));
  }
  await devices.idle();
  await booted.services.live.events.idle();

  const tokens = await Promise.all(Array.from({ length: CLIENTS }, () => openSession(db, { accountId, roleId: 1 })));
  const streams = await Promise.all(tokens.map((t) => readStream(base, t)));
  await Promise.all(streams.map((s) => s.waitFor(() => s.text().includes(': kinds'), 30_000, 'stream open')));
  const total = UNITS * EVENTS_PER_UNIT;
  const eids: string[] = [];
  const t0 = performance.now();
  await Promise.all(
    sims.map(async (sim) => {
      for (let i = 0; i < EVENTS_PER_UNIT; i++) {
        const eid = crypto.randomUUID();
        eids.push(eid);
        await sim.emit({ kind: 'access', eid, time: new Date().toISOString(), type: 1, result: i % 10 ? 0 : 1, account: '13900000001' });
      }
    }),
  );
  let storedAt = 0;
  for (;;) {
    const n = await db.selectFrom('access_event').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    if (Number(n.n) >= total) {
      storedAt = performance.now();
      break;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const count = (s: (typeof streams)[number]) => s.messages.filter((m) => m.event === 'access').length;
  await Promise.all(streams.map((s) => s.waitFor(() => count(s) >= total, 120_000, 'all events delivered').catch(() => {})));
  const doneAt = streams.map((s) => s.messages.filter((m) => m.event === 'access').at(-1)?.receivedAt ?? Number.NaN);
  const storedPerS = total / ((storedAt - t0) / 1000);
  const deliveredPerS = doneAt.map((d) => total / ((d - t0) / 1000)).sort((a, b) => a - b);
  const complete = streams.filter((s) => count(s) === total).length;
  const median = deliveredPerS[Math.floor(deliveredPerS.length / 2)] ?? 0;
  const worst = deliveredPerS[0] ?? 0;
  const hub = booted.services.live.hub.stats;
  for (const s of streams) s.close();
  for (const sim of sims) await sim.stop();
  await app.close();
  await booted.shutdown();
  return {
    name: `live stream fan-out: ${CLIENTS} SSE clients, ${total} access events from ${UNITS} simulated units (PGlite, embedded broker)`,
    clients: CLIENTS,
    events: total,
    storedPerS: Math.round(storedPerS),
    deliveredPerSMedian: Math.round(median),
    deliveredPerSWorst: Math.round(worst),
    ratioMedian: +(median / storedPerS).toFixed(3),
    ratioWorst: +(worst / storedPerS).toFixed(3),
    clientsWithEveryEvent: complete,
    hubReads: hub.reads,
    hubFramesWritten: hub.writes,
    dropped: hub.dropped,
    goal: 'delivered / stored ≥ 0.9, every client every event',
  };
}
