import Fastify from 'fastify';
import { sql } from 'kysely';
import type { ZkEmulator } from '../packages/device-sim/src/index.ts';
import { insertAccessEvents } from '../packages/server/src/devices/event-insert.ts';
import { cardFigures, type Fleet, round1, startFleet } from './unit-fleet.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/**
 * ZKTeco PUSH terminals against the real server (issue 33): boot(), the registry's zk-push adapter,
 * the unit routes over HTTP, N PUSH emulators polling every Delay (ZK_DELAY_S, default 1 s).
 * 1. A card issued to all N → all acked, against N simulated MQTT units in the same run.
 * 2. Event intake from the N terminals into access_event through the Inbound batches, two ways a
 *    terminal uploads rtlog: online, one line a POST (ZK_EVENTS a terminal, each POST after the last
 *    answer), and after a gap, its stored lines many a POST (ZK_BATCHES POSTs of ZK_LINES lines).
 *    Baselines in the same run: the same rows written with a bare batched INSERT (insertAccessEvents,
 *    2,000 rows a statement), and, for one-line POSTs, the same POSTs answered by a no-op Fastify route.
 * With DATABASE_URL set it runs on PGlite and on PostgreSQL.
 */
export async function zkBench() {
  const terminals = env('ZK_TERMINALS', 100);
  const runs = [];
  for (const databaseUrl of [undefined, ...(process.env.DATABASE_URL ? [process.env.DATABASE_URL] : [])]) {
    const fleet = await startFleet({ mqtt: terminals, hik: 0, zk: terminals, zkDelaySec: env('ZK_DELAY_S', 1), databaseUrl });
    try {
      const card = await cardFigures(fleet, 'zk', env('ZK_ROUNDS', 5));
      const pins = await pinsOf(fleet);
      const noop = await noopHttp(terminals, env('ZK_EVENTS', 20));
      fleet.queries();
      const online = await intake(fleet, pins, env('ZK_EVENTS', 20), 1, 1_000_000);
      const onlineQueries = fleet.queries();
      const gap = await intake(fleet, pins, env('ZK_BATCHES', 4), env('ZK_LINES', 100), 2_000_000);
      const gapQueries = fleet.queries();
      const bareOnline = await bareInsert(fleet, online.events);
      const bareGap = await bareInsert(fleet, gap.events);
      runs.push({
        db: databaseUrl ? 'postgres' : 'pglite',
        card,
        intake: {
          terminals,
          online: { ...online, bareInsertRowsPerSec: bareOnline, ratio: round2(online.eventsPerSec / bareOnline) },
          afterGap: { ...gap, bareInsertRowsPerSec: bareGap, ratio: round2(gap.eventsPerSec / bareGap) },
          noopHttpPostsPerSec: noop,
          onlineOverNoopHttp: round2(online.eventsPerSec / noop),
          goal: 'ratio ≥ 0.5',
        },
        ...(process.env.BENCH_QUERIES ? { onlineQueries, gapQueries } : {}),
      });
    } finally {
      await fleet.close();
    }
  }
  return { name: 'zk-push: card to every terminal → all acked against MQTT units; rtlog intake against a bare INSERT', runs };
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** The PINs each terminal's users got from the card rounds (real holders, so the upload's lookup is real). */
async function pinsOf(fleet: Fleet): Promise<Map<string, number[]>> {
  const rows = await fleet.db
    .selectFrom('zk_pin')
    .innerJoin('device', 'device.id', 'zk_pin.device_id')
    .select(['device.serial', 'zk_pin.pin'])
    .execute();
  const out = new Map<string, number[]>();
  for (const r of rows) out.set(r.serial, [...(out.get(r.serial) ?? []), r.pin]);
  return out;
}

const stamp = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ');

/**
 * Every terminal uploads `posts` POSTs of `lines` rtlog lines (one after the other, as a terminal
 * does), all terminals at once; timed until every line is in access_event.
 */
async function intake(fleet: Fleet, pins: Map<string, number[]>, posts: number, lines: number, indexBase: number) {
  const start = Date.now() - 3_600_000;
  let refused = 0;
  const t0 = performance.now();
  await Promise.all(
    fleet.zkEmus.map(async (e: ZkEmulator) => {
      const own = pins.get(e.serial) ?? [0];
      for (let p = 0; p < posts; p++) {
        const body = Array.from({ length: lines }, (_, k) => {
          const i = p * lines + k;
          const pin = own[i % own.length];
          return `time=${stamp(new Date(start + i * 1000))}\tpin=${pin}\tcardno=${1000 + i}\teventaddr=1\tevent=0\tinoutstatus=0\tverifytype=4\tindex=${indexBase + i}`;
        });
        const r = await e.post('rtlog', `${body.join('\n')}\n`);
        if ((await r.text()) !== 'OK') refused++;
      }
    }),
  );
  await fleet.idle();
  const ms = performance.now() - t0;
  const events = fleet.zkEmus.length * posts * lines;
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from access_event where eid like ${`zk:${String(indexBase).slice(0, 1)}______:%`}`.execute(fleet.db);
  return {
    posts,
    linesPerPost: lines,
    events,
    stored: rows[0]?.n ?? 0,
    refusedPosts: refused,
    ms: round1(ms),
    eventsPerSec: Math.round((events / ms) * 1000),
  };
}

/** The same rows written with a bare batched INSERT (2,000 rows a statement): rows a second. */
async function bareInsert(fleet: Fleet, n: number): Promise<number> {
  const devs = await fleet.db
    .selectFrom('device')
    .select(['id', 'address_id', 'community_id'])
    .where('serial', 'in', fleet.serials.zk)
    .execute();
  const per = Math.ceil(n / devs.length);
  const at = Date.now() - 7_200_000 + Math.floor(Math.random() * 1000);
  const rows = devs.flatMap((d) =>
    Array.from({ length: per }, (_, i) => ({
      device_id: d.id,
      eid: `bare:${n}:${i}`,
      address_id: d.address_id,
      community_id: d.community_id,
      time: new Date(at + i * 1000),
      device_name: 'bare',
      type: 13,
      result: 0,
      account: '13900000000',
      unlock_user_name: 'Bench',
      card_num: String(1000 + i),
      card_mode: 0,
      qr_id: null,
      is_work: false,
      refusal: '',
    })),
  );
  const t0 = performance.now();
  for (let i = 0; i < rows.length; i += 2000) await insertAccessEvents(fleet.db, rows.slice(i, i + 2000));
  return Math.round((rows.length / (performance.now() - t0)) * 1000);
}

/** The same one-line POSTs (N clients, one after the other each) answered `OK` by a no-op Fastify route: POSTs a second. */
async function noopHttp(clients: number, each: number): Promise<number> {
  const app = Fastify({ logger: false });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.post('/iclock/cdata', async (_req, reply) => reply.type('text/plain').send('OK'));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/iclock/cdata?SN=X&table=rtlog&Stamp=9999`;
  const line = `time=${stamp(new Date())}\tpin=1\tcardno=1000\teventaddr=1\tevent=0\tinoutstatus=0\tverifytype=4\tindex=1\n`;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = 0; i < each; i++) await (await fetch(url, { method: 'POST', body: line })).text();
    }),
  );
  const rate = Math.round(((clients * each) / (performance.now() - t0)) * 1000);
  await app.close();
  return rate;
}
