import { ADDRESS_TYPE, HARDWARE } from '@gatehouse/contracts';
import { type SimulatedDevice, startSimulatedDevice } from '@gatehouse/device-sim';
import type { Services } from '../http/context.ts';
import { bindDevice, resetSecret } from '../modules/device/binding.ts';
import { withCommands } from '../devices/commands.ts';
import { seedDemoHistory } from './history.ts';
import { DEMO_UNUSED_CARDS } from './data.ts';
import { startDemoTerminals } from './terminals.ts';

export const DEMO_SERIAL_PREFIX = 'DEMO-';
const ALL = HARDWARE.face | HARDWARE.qrcode | HARDWARE.card | HARDWARE.password;

/**
 * Demo door units (DEMO=1): on a freshly seeded database every demo door unit gets a
 * pool device `DEMO-0001`...; at every start those devices get a new secret and run
 * in-process as simulated units (events, acks, QR checks), so the screens show live
 * devices; on that first start two units raise an alarm and the demo's history is made
 * (history.ts, in the background), so no screen is empty. The vendor terminals (terminals.ts)
 * are bound first, so their doors get no MQTT unit; `serverUrl` is the server as they reach it
 * (default: this server's port on loopback). Answers a function that stops them all.
 */
export async function startDemoDevices(
  services: Services,
  opts: { bindNew: boolean; serverUrl?: string; log?: (l: string) => void },
): Promise<() => Promise<void>> {
  const { db, devices, config } = services;
  const idleCards = DEMO_UNUSED_CARDS.map(([cardNo]) => cardNo);
  const stopTerminals = await startDemoTerminals(services, { serverUrl: opts.serverUrl ?? loopbackUrl(config), idleCards });
  if (devices.mode === 'off' || !devices.url) return stopTerminals;
  if (opts.bindNew) {
    const doors = await db
      .selectFrom('address as a')
      .leftJoin('device as d', 'd.address_id', 'a.id')
      .select(['a.id', 'a.name'])
      .where('a.type', '=', ADDRESS_TYPE.doorUnit)
      .where('d.id', 'is', null)
      .orderBy('a.id')
      .execute();
    for (const [i, door] of doors.entries()) {
      const serial = `${DEMO_SERIAL_PREFIX}${String(i + 1).padStart(4, '0')}`;
      await db
        .insertInto('device')
        .values({ serial, name: `Demo ${door.name}`.slice(0, 50), is_villa: 0, hardware: ALL, note: 'demo' })
        .onConflict((oc) => oc.column('serial').doNothing())
        .execute();
      await withCommands(services, (trx, q) => bindDevice(trx, q, { addressId: door.id, serial, phone: null }));
    }
  }
  const bound = await db
    .selectFrom('device')
    .select(['serial', 'address_id'])
    .where('serial', 'like', `${DEMO_SERIAL_PREFIX}%`)
    .where('unit_kind', '=', 'gatehouse-mqtt')
    .where('address_id', 'is not', null)
    .orderBy('serial')
    .execute();
  const sims: SimulatedDevice[] = [];
  for (const d of bound) {
    const { secret } = await db.transaction().execute((trx) => resetSecret(trx, d.address_id as number));
    await devices.provision?.([d.serial]);
    sims.push(
      await startSimulatedDevice({
        url: devices.url,
        prefix: config.MQTT_TOPIC_PREFIX,
        serial: d.serial,
        secret,
        eventsPerMinute: 2,
        // The README's "issued months ago and never used" cards stay so (the review's Unused tab).
        idleCards,
        failureRate: 0.05,
        ackDelayMs: 300,
        log: opts.log,
      }),
    );
  }
  if (opts.bindNew) {
    await sims[0]?.raiseAlarm('heldOpen');
    await sims[1]?.raiseAlarm('tamper');
  }
  // The history is made beside the start (a few seconds of service calls and device
  // traffic), as the units' live events are; stopping waits for it.
  const history = opts.bindNew
    ? seedDemoHistory(services, sims).catch((e) => console.warn(`demo history not complete: ${e instanceof Error ? e.message : e}`))
    : Promise.resolve();
  return async () => {
    await history;
    await Promise.all([...sims.map((s) => s.stop()), stopTerminals()]);
  };
}

/** This server as a process on the same machine reaches it: its port on loopback, or on the one address it listens on. */
function loopbackUrl(config: { HOST: string; PORT: number }): string {
  const host = ['0.0.0.0', '::', '', 'localhost', '127.0.0.1'].includes(config.HOST) ? '127.0.0.1' : config.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`;
}
