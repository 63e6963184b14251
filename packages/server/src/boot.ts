import { Redis } from 'ioredis';
import pino from 'pino';
import type { Config } from './config.ts';
import { migrate, openDb, type DbHandle } from './db/index.ts';
import { syncMenus } from './db/seed.ts';
import { startEmbeddedBroker } from './devices/broker.ts';
import { connectGateway } from './devices/gateway.ts';
import { verifyDeviceSecret } from './devices/secrets.ts';
import { type DeviceBus, offBus } from './devices/bus.ts';
import type { Services } from './http/context.ts';
import { collectAreas } from './modules/area.ts';
import { AREAS } from './modules/index.ts';
import { logSmsProvider } from './sms/provider.ts';
import { dbRateLimiter, redisRateLimiter } from './sms/rate-limit.ts';

export interface Booted {
  services: Services;

  dbHandle: DbHandle;
  shutdown(): Promise<void>;
}

/**
 * Opens what the app stands on: the database (migrated, menus synced), the rate
 * limiter, the SMS provider and the MQTT broker. `mqtt: false` skips the broker
 * (unit and API tests that do not touch devices); `redisPrefix` gives a test its own
 * rate-limit counters in a shared Redis.
 */
export async function boot(config: Config, opts: { inMemoryDb?: boolean; mqtt?: boolean; redisPrefix?: string } = {}): Promise<Booted> {
  const log = pino({ level: config.LOG_LEVEL });
  const dbHandle = await openDb({ url: config.DATABASE_URL, dataDir: opts.inMemoryDb ? null : config.dataDir });
  await migrate(dbHandle.db);
  await syncMenus(dbHandle.db);
  // The areas' door-unit sources and delete dependents, passed in through the services.
  const wiring = collectAreas(AREAS);

  let redis: Redis | null = null;
  if (config.REDIS_URL) {
    redis = new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
  }
  const limiter = redis ? redisRateLimiter(redis, opts.redisPrefix) : dbRateLimiter(dbHandle.db);

  let devices: DeviceBus = offBus;
  if (opts.mqtt !== false) {
    const gw = { db: dbHandle.db, log, prefix: config.MQTT_TOPIC_PREFIX };
    if (config.MQTT_URL) {
      devices = await connectGateway({
        ...gw,
        mode: 'external',
        url: config.MQTT_URL,
        username: config.MQTT_USERNAME,
        password: config.MQTT_PASSWORD,
      });
    } else {
      const verifyDevice = (serial: string, secret: string) => verifyDeviceSecret(dbHandle.db, serial, secret);
      const embedded = await startEmbeddedBroker(config.MQTT_PORT, { prefix: config.MQTT_TOPIC_PREFIX, verifyDevice });
      devices = await connectGateway({
        ...gw,
        mode: 'embedded',
        url: `mqtt://127.0.0.1:${embedded.port}`,
        username: embedded.serverUser,
        password: embedded.serverPassword,
        disconnect: embedded.disconnect,
        onClose: embedded.close,
      });
    }
  }

  const services: Services = {
    db: dbHandle.db,
    config,
    sms: logSmsProvider(config.dataDir, log),
    limiter,
    devices,
    doors: { sources: wiring.desiredSources, ladder: wiring.ladderSources, dataDir: config.dataDir, tz: config.TZ_NAME },
    dependents: wiring.dependents,
  };
  return {
    services,
    dbHandle,
    async shutdown() {
      await devices.close();
      await redis?.quit();
      await dbHandle.close();
    },
  };
}
