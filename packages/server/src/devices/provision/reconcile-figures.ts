/**
 * Measures a reconcile against a fresh Mosquitto (docs/broker-provisioning.md, "Figures"):
 * N bound units with sealed secrets, none on the broker, then a second reconcile.
 * Run: `npx tsx packages/server/src/devices/provision/reconcile-figures.ts 2000` (needs /usr/sbin/mosquitto).
 */
import pino from 'pino';
import { testConfig } from '../../config.ts';
import { migrate, openDb } from '../../db/index.ts';
import { startMosquittoProvisioning } from './index.ts';
import { sealDeviceSecret, useSecretKey } from './sealed-secrets.ts';
import { newDeviceSecret } from '../secrets.ts';
import { startMosquitto } from '../../test/mosquitto.ts';
import { seedUnits } from '../../test/units.ts';
import mqtt from 'mqtt';

const N = Number(process.argv[2] ?? 2000);
const m = await startMosquitto();
const h = await openDb({ dataDir: null });
await migrate(h.db);
const config = testConfig({
  MQTT_URL: m.url,
  MQTT_PROVISION: 'mosquitto',
  MQTT_USERNAME: 'gatehouse',
  MQTT_PASSWORD: 'pw',
  MQTT_ADMIN_USERNAME: 'admin',
  MQTT_ADMIN_PASSWORD: m.adminPassword,
  MQTT_SECRET_KEY: 'k'.repeat(32),
  MQTT_RECONCILE_SECONDS: 0,
});
useSecretKey(config.MQTT_SECRET_KEY);
// Every unit gets the same secret (set-up is not measured); each device row keeps it sealed.
const secret = newDeviceSecret();
const { serials } = await seedUnits(h.db, N, 1, secret);
await h.db
  .updateTable('device')
  .set({ secret_box: sealDeviceSecret(secret) })
  .execute();
const log = pino({ level: 'warn' });
let t0 = Date.now();
const p = await startMosquittoProvisioning(config, h.db, log);
await p.idle(); // the first reconcile runs beside the start
console.log(
  `first reconcile (${N} missing):`,
  Date.now() - t0,
  'ms',
  JSON.stringify(p.health().lastReconcile?.drift),
  'reconcile ms',
  p.health().lastReconcile?.durationMs,
);
t0 = Date.now();
const r = await p.reconcile();
console.log(`second reconcile (in line):`, Date.now() - t0, 'ms', JSON.stringify(r?.drift));
const serial = serials[N - 1];
const cl = await mqtt.connectAsync(m.url, { username: serial, password: secret, reconnectPeriod: 0 });
console.log('last unit connects:', cl.connected);
await cl.endAsync(true);
await p.close();
await h.close();
await m.stop();
