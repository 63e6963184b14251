import crypto from 'node:crypto';
import { type HikEmulator, startHikEmulator } from '@gatehouse/device-sim';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../../../crypto/secret-box.ts';
import { type TestApp, testApp } from '../../../test/harness.ts';
import type { UnitAdapter } from '../../adapters/contract.ts';
import { Inbound } from '../../inbound.ts';
import { reportsOf } from '../../units.ts';
import { hikIsapiAdapter } from './adapter.ts';
import { seedHikTerminal } from './test-rig.ts';

/**
 * A Hikvision terminal over its event rate (DEVICE_EVENTS_PER_S, devices/unit-throttle.ts): a page
 * of its event log refused by the throttle is not passed over (hik_event_position stays), so the
 * next catch-up reads it again and stores it once the unit is under its rate. The throttle's clock
 * is the test's (no waiting); the terminal is the ISAPI emulator over real HTTP.
 */
describe('hik-isapi event catch-up over the unit event rate', () => {
  let t: TestApp;
  let emu: HikEmulator;
  let inbound: Inbound;
  let adapter: UnitAdapter & { poll(): Promise<void> };
  let deviceId: number;
  let now = 1_000_000;

  beforeAll(async () => {
    t = await testApp();
    const box = new SecretBox(crypto.randomBytes(32));
    emu = await startHikEmulator({ port: 0, password: 'Pass-1', utcOffsetMin: 480 });
    ({ deviceId } = await seedHikTerminal(t, emu, box.seal('Pass-1'), 'Gate T'));
    inbound = new Inbound(
      t.db,
      () => {},
      () => {},
      undefined,
      { rate: { perSec: 1, burst: 2 }, clock: () => now },
    );
    // No listening host: events reach the server by the log search alone.
    adapter = hikIsapiAdapter({ callbackUrl: null, pollMs: 60_000, timeoutMs: 1500, catchUpPages: 2 })({
      db: t.db,
      log: pino({ level: 'silent' }),
      reports: reportsOf(inbound),
      unseal: (s) => box.tryOpen(s),
      dispatch: () => {},
      leaseMs: 60_000,
      instance: 'test',
    }) as UnitAdapter & { poll(): Promise<void> };
  });
  afterAll(async () => {
    await adapter?.stop?.();
    await inbound?.idle();
    inbound?.stop();
    await emu?.close();
    await t?.close();
  });

  const cards = async () =>
    (await t.db.selectFrom('access_event').select('card_num').where('device_id', '=', deviceId).orderBy('card_num').execute()).map(
      (r) => r.card_num,
    );
  const position = async () =>
    Number(
      (await t.db.selectFrom('hik_event_position').select('serial_no').where('device_id', '=', deviceId).executeTakeFirst())?.serial_no ??
        0,
    );

  it('a refused page keeps the position and is stored by a later catch-up, once', async () => {
    await emu.swipe('C1');
    await emu.swipe('C2');
    await adapter.poll();
    await inbound.idle();
    expect(await cards()).toEqual(['C1', 'C2']);
    const after2 = await position();
    expect(after2).toBe(emu.state.events.length);

    // Two more at once, with the bucket empty: refused, the position stays before them.
    await emu.swipe('C3');
    await emu.swipe('C4');
    await adapter.poll();
    await inbound.idle();
    expect(await cards()).toEqual(['C1', 'C2']);
    expect(await position()).toBe(after2);
    expect(inbound.throttled).toBe(2);

    // Later, under the rate again: the next catch-up reads them and stores them; once more changes nothing.
    now += 10_000;
    await adapter.poll();
    await inbound.idle();
    expect(await cards()).toEqual(['C1', 'C2', 'C3', 'C4']);
    expect(await position()).toBe(emu.state.events.length);
    now += 10_000;
    await adapter.poll();
    await inbound.idle();
    expect(await cards()).toEqual(['C1', 'C2', 'C3', 'C4']);
  });
});
