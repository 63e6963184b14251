import type { SimulatedDevice } from '@gatehouse/device-sim';
import type { Services } from '../http/context.ts';
import { doorHistory, todayTraffic } from './door-history.ts';
import { demoWebhook, officeWork } from './office-history.ts';

/** The demo's history on its first start (devices.ts calls it once the demo units run). */
export async function seedDemoHistory(services: Services, sims: SimulatedDevice[], now = new Date()): Promise<void> {
  await demoWebhook(services, now);
  const codes = await officeWork(services, now);
  await doorHistory(services, sims, codes, now);
  await todayTraffic(services, sims, now);
}
