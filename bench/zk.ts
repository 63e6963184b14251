import { sql } from 'kysely';
import { boot } from '../packages/server/src/boot.ts';
import { testConfig } from '../packages/server/src/config.ts';
import { insertAccessEvents } from '../packages/server/src/devices/event-insert.ts';
import { startZkServer } from '../packages/server/src/test/zk.ts';
import { seedUnits } from '../packages/server/src/test/units.ts';

/**
 * Event intake from ZKTeco PUSH terminals (issue 33): N terminals each upload M rtlog lines
 * (one line a POST, as in real time) to the zk-push adapter over real HTTP; the events reach
 * access_event through the Inbound batches. Baseline: the same number of rows written with a
 * bare batched INSERT (insertAccessEvents, 2,000 rows a statement). Goal: intake ≥ 50% of the bare insert.
 * The adapter is served by a plain Fastify (test/zk.ts) until the registry serves every kind's routes.
 */
export async function zkBench(terminals = Number(process.env.ZK_TERMINALS ?? 100), perTerminal = Number(process.env.ZK_EVENTS ?? 20)) {
  const config = testConfig({ LOG_LEVEL: 'silent' });
  const booted = await boot(config, { inMemoryDb: true, mqtt: false });
  const db = booted.services.db;
  const { serials } = await seedUnits(db, terminals, 4, 'x');
  await db.updateTable('device').set({ unit_kind: 'zk-push' }).execute();
  const zk = await startZkServer(db, { delaySec: 60 });
  const stamp = (i: number) => {
    const d = new Date(Date.UTC(2026, 10, 28, 8, 0, 0) + i * 1000);
    return d.toISOString().slice(0, 19).replace('T', ' ');
  };
  const post = (serial: string, i: number) =>
    fetch(`${zk.url}/iclock/cdata?SN=${serial}&table=rtlog`, {
      method: 'POST',
      body: `time=${stamp(i)}\tpin=0\tcardno=${1000 + i}\teventaddr=1\tevent=27\tinoutstatus=0\tverifytype=4\tindex=${i}\n`,
    }).then((r) => r.text());
  // Warm-up: every terminal bound once.
  await Promise.all(serials.map((s) => post(s, 0)));
  await zk.inbound.idle();
  const t0 = performance.now();
  await Promise.all(
    serials.map(async (s) => {
      for (let i = 1; i <= perTerminal; i++) await post(s, i);
    }),
  );
  await zk.inbound.idle();
  const pushMs = performance.now() - t0;
  const stored = await sql<{ n: number }>`select count(*)::int as n from access_event`.execute(db);
  const total = terminals * perTerminal;
  // Baseline: the same rows, written with a bare batched INSERT.
  const devs = await db
    .selectFrom('device')
    .innerJoin('address', 'address.id', 'device.address_id')
    .select(['device.id', 'device.address_id', 'address.community_id'])
    .execute();
  const rows = devs.flatMap((d) =>
    Array.from({ length: perTerminal }, (_, i) => ({
      device_id: d.id,
      eid: `bare:${i}`,
      address_id: d.address_id,
      community_id: d.community_id,
      time: new Date(Date.UTC(2026, 10, 27, 8, 0, 0) + i * 1000),
      device_name: 'bare',
      type: 13,
      result: 1,
      account: '',
      unlock_user_name: '',
      card_num: String(1000 + i),
      card_mode: 0,
      qr_id: null,
      is_work: false,
      refusal: '',
    })),
  );
  const t1 = performance.now();
  for (let i = 0; i < rows.length; i += 2000) await insertAccessEvents(db, rows.slice(i, i + 2000));
  const bareMs = performance.now() - t1;
  await zk.close();
  await booted.shutdown();
  const pushRate = Math.round((total / pushMs) * 1000);
  const bareRate = Math.round((rows.length / bareMs) * 1000);
  return {
    terminals,
    eventsPerTerminal: perTerminal,
    stored: stored.rows[0]?.n ?? 0,
    pushEventsPerSec: pushRate,
    bareInsertRowsPerSec: bareRate,
    ratio: Math.round((pushRate / bareRate) * 100) / 100,
    goal: 'ratio >= 0.5',
  };
}
