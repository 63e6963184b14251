import crypto from 'node:crypto';
import os from 'node:os';
import type { BrokerHealth } from '@gatehouse/contracts';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import type { DeviceBus } from '../bus.ts';
import { Dynsec } from './dynsec.ts';
import { MosquittoProvisioner } from './mosquitto.ts';
import { useSecretKey } from './sealed-secrets.ts';

/** How long an API call that issued or revoked a secret waits for the broker's answer. */
export const PROVISION_WAIT_MS = 5000;

/**
 * MQTT_PROVISION=mosquitto: connects to the dynamic-security plugin as the admin,
 * creates the server role and client, reconciles the door-unit clients with the
 * database, then keeps them in line (docs/mqtt-broker.md). Runs before the server's
 * own client connects, since that client may be one it creates.
 */
export async function startMosquittoProvisioning(config: Config, db: Db, log: Logger): Promise<MosquittoProvisioner> {
  useSecretKey(config.MQTT_SECRET_KEY);
  const url = config.MQTT_URL as string;
  const serverUser = config.MQTT_USERNAME as string;
  const adminUser = config.MQTT_ADMIN_USERNAME ?? serverUser;
  const adminPassword = config.MQTT_ADMIN_PASSWORD ?? (config.MQTT_PASSWORD as string);
  const clientId = `gatehouse-${config.MQTT_TOPIC_PREFIX}-admin-${os.hostname()}-${crypto.randomBytes(3).toString('hex')}`
    .replace(/[^A-Za-z0-9_-]/g, '_')
    .slice(0, 64);
  let dynsec: Dynsec;
  try {
    dynsec = await Dynsec.connect({ url, username: adminUser, password: adminPassword, clientId });
  } catch (e) {
    throw new Error(`MQTT provisioning: cannot connect to ${url} as ${adminUser}: ${e instanceof Error ? e.message : e}`);
  }
  const p = new MosquittoProvisioner({
    db,
    log,
    dynsec,
    prefix: config.MQTT_TOPIC_PREFIX,
    serverUser,
    serverPassword: config.MQTT_PASSWORD as string,
    adminUser,
    reconcileSeconds: config.MQTT_RECONCILE_SECONDS,
  });
  try {
    await p.setupServer();
  } catch (e) {
    await dynsec.close();
    throw new Error(
      `MQTT provisioning: the dynamic-security plugin did not accept the server role (${e instanceof Error ? e.message : e})`,
    );
  }
  // The first reconcile runs beside the start: creating thousands of missing clients takes minutes
  // (the plugin rewrites its file after every change), and the server serves meanwhile.
  void p.reconcile();
  p.start();
  return p;
}

/** The bus with the provisioner's hooks: credential changes, health, idle and close. */
export function withProvisioner(bus: DeviceBus, p: MosquittoProvisioner): DeviceBus {
  return {
    mode: bus.mode,
    url: bus.url,
    connected: () => bus.connected(),
    dispatch: (ids) => bus.dispatch(ids),
    ...(bus.broadcast ? { broadcast: bus.broadcast } : {}),
    disconnect: (serial) => bus.disconnect(serial),
    // A request waits for the broker at most PROVISION_WAIT_MS (e.g. behind a long first reconcile); the change goes on.
    provision: (serials) => {
      let timer: NodeJS.Timeout | undefined;
      const cap = new Promise<void>((r) => {
        timer = setTimeout(r, PROVISION_WAIT_MS);
      });
      return Promise.race([p.sync(serials), cap]).finally(() => clearTimeout(timer));
    },
    broker: () => ({ mode: bus.mode, ...p.health() }),
    async idle() {
      await p.idle();
      await bus.idle();
    },
    async close() {
      await bus.close();
      await p.close();
    },
  };
}

/** The health `broker` section when no provisioner runs. */
export function brokerHealth(bus: DeviceBus, config: Config): BrokerHealth {
  if (bus.broker) return bus.broker();
  const provisioning =
    bus.mode === 'embedded' ? 'embedded' : bus.mode === 'external' && config.MQTT_HTTP_AUTH_SECRET ? 'emqx-http' : 'none';
  return { mode: bus.mode, provisioning, reconciling: false, lastReconcile: null, pending: 0 };
}
