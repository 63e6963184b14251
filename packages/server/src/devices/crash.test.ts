import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CMD_STATUS } from '@gatehouse/contracts';
import { type Fleet, startFleet } from '@gatehouse/device-sim';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, migrate, openDb } from '../db/index.ts';
import { until } from '../test/devices.ts';
import { freshPostgres, testDbKind } from '../test/harness.ts';
import { Instance } from '../test/instance.ts';
import { MOSQUITTO, type Mosquitto, startMosquitto } from '../test/mosquitto-plain.ts';
import { seedUnits } from '../test/units.ts';

const UNITS = 10;
const CHANGES = 20;
/** Shorter than the default 60 s to keep the test short; the session settings are the defaults. */
const LEASE_MS = 20_000;
const canRun = testDbKind() === 'postgres' && fs.existsSync(MOSQUITTO);
if (!canRun) console.log(`crash.test.ts skipped: needs TEST_DB=postgres and Mosquitto at ${MOSQUITTO}`);

/**
 * Issue 38 item 1, with the DEFAULT session settings (MQTT_SESSION_EXPIRY_S, INSTANCE_ID, sweep period):
 * two instances on one PostgreSQL and Mosquitto (shared subscriptions), each unit getting a burst of
 * changes while it sends events; one instance SIGKILLed mid-burst. Every command is settled within the
 * lease after the kill, and every event is stored exactly once (docs/scale-out.md "After a crash").
 */
describe.skipIf(!canRun)('an instance killed mid-burst with the default session settings', () => {
  let pg: { url: string; drop: () => Promise<void> };
  let handle: DbHandle;
  let mosq: Mosquitto;
  let fleet: Fleet;
  let a: Instance;
  let b: Instance;
  let addressIds: number[];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-crash-'));
  const prefix = `ghc${crypto.randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    pg = await freshPostgres();
    handle = await openDb({ url: pg.url });
    await migrate(handle.db);
    const seeded = await seedUnits(handle.db, UNITS, 4, 'unit-secret');
    addressIds = seeded.addressIds;
    mosq = await startMosquitto();
    const env = {
      DATABASE_URL: pg.url,
      MQTT_URL: mosq.url,
      MQTT_TOPIC_PREFIX: prefix,
      COMMAND_ACK_TIMEOUT_MS: String(LEASE_MS),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO: '0',
      CAPTCHA: 'off',
    };
    // No INSTANCE_ID: the default (<hostname>-<pid>), as an operator runs it.
    [a, b] = await Promise.all([Instance.start(null, env), Instance.start(null, env)]);
    fleet = await startFleet(
      seeded.serials.map((serial) => ({ serial })),
      { url: mosq.url, prefix, secret: 'unit-secret' },
      50,
    );
    expect(fleet.failed).toEqual([]);
    await until(
      async () =>
        (
          await handle.db
            .selectFrom('device')
            .select(sql<number>`count(*)::int`.as('n'))
            .where('online', '=', true)
            .executeTakeFirstOrThrow()
        ).n === UNITS,
      60_000,
      'units online',
    );
  }, 120_000);

  afterAll(async () => {
    await fleet?.stop();
    await Promise.all([a?.kill('SIGTERM'), b?.kill('SIGTERM')]);
    await mosq?.stop();
    await handle?.close();
    await pg?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('settles every command within the lease after the kill and stores every event once', { timeout: 180_000 }, async () => {
    const cards = Array.from({ length: CHANGES }, (_, i) => `X${i}`);
    let killedAt = 0;
    let eventsOn = true;
    // Each unit sends an access event every 100 ms before, during and after the kill.
    const events = Promise.all(
      fleet.devices.map(async (d, k) => {
        for (let i = 0; eventsOn; i++) {
          await d.scanQr(`crash-${k}-${i}`);
          await new Promise((r) => setTimeout(r, 100));
        }
      }),
    );
    // The burst: one change a round to every unit, alternately through both instances; A dies after 8 rounds.
    for (const [i, c] of cards.entries()) {
      if (i === 8) {
        await a.kill('SIGKILL');
        killedAt = Date.now();
      }
      await (i % 2 && i < 8 ? a : b).issue(addressIds, [c]);
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 3000));
    eventsOn = false;
    await events;

    const rows = () =>
      handle.db
        .selectFrom('command')
        .select(['id', 'status', 'attempts'])
        .where(
          'object_key',
          'in',
          cards.map((c) => `card:${c}`),
        )
        .execute();
    await until(
      async () => {
        const r = await rows();
        return r.length === UNITS * CHANGES && r.every((c) => c.status === CMD_STATUS.success);
      },
      LEASE_MS + 30_000,
      'every command acknowledged',
    );
    const settledMs = Date.now() - killedAt;
    const resent = (await rows()).filter((r) => r.attempts > 1).length;
    for (const d of fleet.devices) for (const c of cards) expect(d.state.cards.has(c)).toBe(true);

    const sent = fleet.devices.flatMap((d) => d.sent.map((e) => e.eid));
    await until(async () => fleet.devices.every((d) => d.unconfirmed.size === 0), 30_000, 'every event confirmed');
    const stored = await handle.db.selectFrom('access_event').select('eid').execute();
    const redelivered = fleet.devices.reduce((n, d) => n + d.redelivered, 0);
    console.log(
      `crash test: all ${UNITS * CHANGES} commands settled ${settledMs} ms after the kill (lease ${LEASE_MS} ms), ${resent} re-sent; ` +
        `${sent.length} events, ${redelivered} published again, ${stored.length} stored`,
    );
    expect(settledMs).toBeLessThanOrEqual(LEASE_MS + 2000);
    expect(stored.length).toBe(sent.length);
    expect(stored.map((e) => e.eid).sort()).toEqual([...sent].sort());
  });
});
