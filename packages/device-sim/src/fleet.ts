import { type SimOptions, type SimulatedDevice, startSimulatedDevice } from './device.ts';

export interface Fleet {
  devices: SimulatedDevice[];
  /** Units that could not connect, with the reason. */
  failed: { serial: string; error: string }[];
  /** Commands delivered more than once, over every unit. */
  duplicates(): number;
  /** Commands received (duplicates included), over every unit. */
  received(): number;
  stop(): Promise<void>;
}

/**
 * Starts many simulated units in one process, `concurrency` connections at a time
 * (one MQTT connection per unit: about 60 KB each, so 10,000 units fit in well under
 * a gigabyte; see docs/performance.md).
 */
export async function startFleet(
  units: ({ serial: string; secret?: string } & Partial<SimOptions>)[],
  common: Omit<SimOptions, 'serial'>,
  concurrency = 200,
): Promise<Fleet> {
  const devices: SimulatedDevice[] = [];
  const failed: Fleet['failed'] = [];
  for (let i = 0; i < units.length; i += concurrency) {
    const part = units.slice(i, i + concurrency);
    const got = await Promise.allSettled(part.map((u) => startSimulatedDevice({ ...common, ...u })));
    got.forEach((g, k) => {
      if (g.status === 'fulfilled') devices.push(g.value);
      else failed.push({ serial: part[k]?.serial ?? '', error: g.reason instanceof Error ? g.reason.message : String(g.reason) });
    });
  }
  return {
    devices,
    failed,
    duplicates: () => devices.reduce((n, d) => n + d.duplicates, 0),
    received: () => devices.reduce((n, d) => n + d.received.length, 0),
    async stop() {
      for (let i = 0; i < devices.length; i += concurrency) await Promise.all(devices.slice(i, i + concurrency).map((d) => d.stop()));
    },
  };
}
