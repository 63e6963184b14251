import crypto from 'node:crypto';
import type { BrokerHealth } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../test/devices.ts';
import { type TestApp, testApp } from '../test/harness.ts';
import { seedUnits } from '../test/units.ts';

/**
 * Where the embedded broker stops (MQTT_EMBEDDED_MAX_UNITS, docs/scale-out.md "Embedded broker"):
 * an operator reading GET /api/health sees the door units it carries against the limit, and that it
 * is passed once there are more (a limit of 3 here, so no thousands of connections are needed).
 */
describe('embedded broker load', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await testApp({
      mqtt: true,
      config: { MQTT_TOPIC_PREFIX: `ghl${crypto.randomBytes(3).toString('hex')}`, MQTT_EMBEDDED_MAX_UNITS: 3 },
    });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  const load = async () => ((await t.get<{ broker: BrokerHealth }>('/health')).body.content as { broker: BrokerHealth }).broker.load;

  it('shows the units against the limit, and the limit passed', async () => {
    expect(await load()).toEqual({ units: 0, max: 3, over: false });
    await seedUnits(t.db, 3, 1, 'load-secret');
    await until(async () => (await load())?.units === 3, 60_000, 'three units counted');
    expect((await load())?.over).toBe(false);
    await seedUnits(t.db, 1, 1, 'load-secret');
    await until(async () => (await load())?.units === 4, 60_000, 'four units counted');
    expect(await load()).toEqual({ units: 4, max: 3, over: true });
    expect((await t.get<{ ok: boolean }>('/health')).statusCode).toBe(200);
  }, 180_000);
});
