import { CMD_KIND, CMD_TYPE_OF, communityTopic, EMERGENCY_MODE, type EmergencyMode } from '../packages/contracts/src/index.ts';
import type { Fleet } from '../packages/device-sim/src/index.ts';
import mqtt from 'mqtt';
import type { ScaleServer } from './scale-server.ts';

/** Resolves when every simulated unit holds this emergency mode (its device-sim state), polled every 2 ms. */
async function allHold(fleet: Fleet, mode: EmergencyMode): Promise<void> {
  let left = fleet.devices;
  for (;;) {
    left = left.filter((d) => d.state.emergency.mode !== mode);
    if (!left.length) return;
    await new Promise((r) => setTimeout(r, 2));
  }
}

/**
 * Lockdown of one community holding every unit: from the call of the service the screen's route
 * runs (setEmergencyMode, in the server process) until every simulated unit holds the mode, against
 * one raw MQTT client publishing the same 10,000 QoS 1 `emergency.mode` commands in the same run.
 * Two rounds each (set, then back to normal), the better one counts.
 */
export async function lockdownLine(server: ScaleServer, fleet: Fleet, url: string, prefix: string, addressId: number) {
  const raw = await mqtt.connectAsync(url, { clientId: `scale-raw-lock-${prefix}` });
  let nextId = 2_100_000_000;
  const rawRun = async (mode: EmergencyMode) => {
    const t0 = performance.now();
    const payload = { mode, reason: 'raw', allow: [], since: new Date().toISOString() };
    await Promise.all(
      fleet.devices.map((d) =>
        raw.publishAsync(
          `${prefix}/dev/${d.serial}/cmd`,
          JSON.stringify({
            id: nextId++,
            type: CMD_TYPE_OF[CMD_KIND.emergencyMode],
            kind: CMD_KIND.emergencyMode,
            payload,
            createdAt: new Date().toISOString(),
          }),
          { qos: 1 },
        ),
      ),
    );
    await allHold(fleet, mode);
    return performance.now() - t0;
  };
  const rawMs: number[] = [];
  for (let i = 0; i < 2; i++) {
    rawMs.push(await rawRun(EMERGENCY_MODE.lockdown));
    await rawRun(EMERGENCY_MODE.normal);
  }
  await raw.endAsync();

  const runs: { allMs: number; answeredMs: number; queued: number; liftMs: number; byBroadcast: number }[] = [];
  const broadcastsApplied = () => fleet.devices.reduce((n, d) => n + d.broadcasts.applied, 0);
  for (let i = 0; i < 2; i++) {
    const b0 = broadcastsApplied();
    const t0 = performance.now();
    let answeredMs = 0;
    const set = server.ask<{ id: number; queued: number }>({ op: 'lockdown', addressId }).then((r) => {
      answeredMs = performance.now() - t0;
      return r;
    });
    await allHold(fleet, EMERGENCY_MODE.lockdown);
    const allMs = performance.now() - t0;
    const byBroadcast = broadcastsApplied() - b0;
    const { id, queued } = await set;
    const t1 = performance.now();
    await server.ask({ op: 'lift', modeId: id });
    await allHold(fleet, EMERGENCY_MODE.normal);
    runs.push({ allMs, answeredMs, queued, liftMs: performance.now() - t1, byBroadcast });
  }
  // Every mode command acknowledged and written back before the next line (a pending one would be re-sent).
  await server.ask({ op: 'settled' });

  // The broker's own fan-out, last (its ids are above the server's, which units would then drop): one
  // raw client publishes the broadcast once, retained, as the server does, with no per-unit commands.
  const communityId = fleet.devices[0]?.state.profile?.communityId as number;
  const bc = await mqtt.connectAsync(url, { clientId: `scale-raw-bc-${prefix}` });
  const broadcastRun = async (mode: EmergencyMode) => {
    const t0 = performance.now();
    const m = { id: nextId++, type: CMD_TYPE_OF[CMD_KIND.emergencyMode], kind: CMD_KIND.emergencyMode, object: 'emergency' };
    const payload = { mode, reason: 'raw', allow: [], since: new Date().toISOString() };
    await bc.publishAsync(communityTopic(prefix, communityId), JSON.stringify({ ...m, payload, createdAt: new Date().toISOString() }), {
      qos: 1,
      retain: true,
    });
    await allHold(fleet, mode);
    return performance.now() - t0;
  };
  const rawBroadcastMs: number[] = [];
  for (let i = 0; i < 2; i++) {
    rawBroadcastMs.push(await broadcastRun(EMERGENCY_MODE.lockdown));
    await broadcastRun(EMERGENCY_MODE.normal);
  }
  await bc.publishAsync(communityTopic(prefix, communityId), '', { qos: 1, retain: true });
  await bc.endAsync();

  const best = Math.min(...runs.map((r) => r.allMs));
  const rawBest = Math.min(...rawMs);
  return {
    units: fleet.devices.length,
    allHoldMs: Math.round(best),
    rawMs: Math.round(rawBest),
    ratioOfRaw: Math.round((rawBest / best) * 100) / 100,
    runs: runs.map((r) => ({
      allHoldMs: Math.round(r.allMs),
      answeredMs: Math.round(r.answeredMs),
      queued: r.queued,
      liftAllNormalMs: Math.round(r.liftMs),
      unitsByBroadcast: r.byBroadcast,
    })),
    rawRunsMs: rawMs.map(Math.round),
    rawBroadcastMs: Math.round(Math.min(...rawBroadcastMs)),
    rawBroadcastRunsMs: rawBroadcastMs.map(Math.round),
  };
}
