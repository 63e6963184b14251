import { startZkEmulator, type ZkEmulator } from '@gatehouse/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewDevice, newSerial } from '../../../test/devices.ts';
import { type TestApp, testApp } from '../../../test/harness.ts';
import { startZkServer } from '../../../test/zk.ts';

/**
 * A ZKTeco terminal over its event rate (DEVICE_EVENTS_PER_S, devices/unit-throttle.ts): an upload
 * refused by the throttle is answered with the error, so the terminal keeps its lines and uploads
 * them again; nothing of a refused upload is stored, and all of it is once it is taken. An upload is
 * answered OK only once its lines are written. The throttle's clock is the test's (no waiting).
 */
describe('zk-push uploads over the unit event rate', () => {
  let t: TestApp;
  let zk: Awaited<ReturnType<typeof startZkServer>>;
  let emulator: ZkEmulator | undefined;
  let now = 1_000_000;

  beforeAll(async () => {
    t = await testApp({ config: { WEBHOOK_POLL_MS: 0, GROUP_FANOUT_POLL_MS: 0 } });
    zk = await startZkServer(t.db, { delaySec: 1 }, { rate: { perSec: 1, burst: 2 }, clock: () => now });
  });
  afterAll(async () => {
    await emulator?.close();
    await zk?.close();
    await t?.close();
  });

  const line = (i: number) =>
    `time=2026-11-28 08:00:0${i}\tpin=0\tcardno=${1000 + i}\teventaddr=1\tevent=27\tinoutstatus=0\tverifytype=4\tindex=${i}`;
  const upload = async (e: ZkEmulator, from: number, to: number) => {
    const lines = Array.from({ length: to - from + 1 }, (_, k) => line(from + k));
    const r = await e.post('rtlog', `${lines.join('\n')}\n`);
    return [r.status, await r.text()];
  };

  it('a refused upload is answered with the error and stored whole once the terminal uploads it again', async () => {
    const { token } = await t.signIn({ roleId: 1 });
    const community = await t.createCommunity('Throttle Court');
    const unit = await bindNewDevice(t, token, community, newSerial('ZK'));
    await t.db.updateTable('device').set({ unit_kind: 'zk-push' }).where('serial', '=', unit.serial).execute();
    emulator = await startZkEmulator({ server: zk.url, serial: unit.serial, pollMs: 0 });
    const stored = async () =>
      (await t.db.selectFrom('access_event').select('card_num').where('address_id', '=', unit.addressid).orderBy('card_num').execute()).map(
        (r) => r.card_num,
      );

    // Two lines: the bucket holds two. Answered OK once written (no waiting for the batch here).
    expect(await upload(emulator, 1, 2)).toEqual([200, 'OK']);
    expect(await stored()).toEqual(['1001', '1002']);
    // Three more at once: over the rate, refused whole, nothing of them stored.
    expect(await upload(emulator, 3, 5)).toEqual([503, 'ERROR']);
    await zk.inbound.idle();
    expect(await stored()).toEqual(['1001', '1002']);
    expect(zk.inbound.throttled).toBe(3);
    // Later (the bucket full again), the terminal uploads the same lines with one already stored: all kept, once.
    now += 10_000;
    expect(await upload(emulator, 2, 5)).toEqual([200, 'OK']);
    expect(await stored()).toEqual(['1001', '1002', '1003', '1004', '1005']);
  });
});
