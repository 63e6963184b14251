import { Redis } from 'ioredis';
import pino from 'pino';
import type { Config } from './config.ts';
import { startControl } from './cli/control.ts';
import { startScheduledBackups } from './cli/scheduled-backup.ts';
import { refuseHalfRestored } from './cli/site.ts';
import { startEventMaintenance } from './db/event-partitions.ts';
import { CallerCache } from './http/caller-cache.ts';
import { CallerWatch } from './http/caller-watch.ts';
import { migrate, openDb, type DbHandle, type QueryListener } from './db/index.ts';
import { syncMenus } from './db/seed.ts';
import { startEmbeddedBroker } from './devices/broker.ts';
import { connectGateway } from './devices/gateway.ts';
import { News } from './devices/news.ts';
import { startSilenceWatch } from './devices/health.ts';
import { startLive } from './live/start.ts';
import { Metrics } from './metrics/metrics.ts';
import { EmbeddedLoadWatch, withEmbeddedLoad } from './devices/embedded-load.ts';
import { deviceCommunity, deviceSecretChecker } from './devices/secrets.ts';
import { startMosquittoProvisioning, withProvisioner } from './devices/provision/index.ts';
import { useSecretKey } from './devices/provision/sealed-secrets.ts';
import { type DeviceBus, unitsWithoutBroker } from './devices/bus.ts';
import { vendorAdapters } from './devices/adapters/index.ts';
import type { AdapterFactory } from './devices/adapters/contract.ts';
import { Units } from './devices/units.ts';
import { deviceCredentialBox } from './crypto/key-file.ts';
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
export async function boot(
  config: Config,
  opts: {
    inMemoryDb?: boolean;
    /** PGlite: start from this dump of a data directory (the tests' migrated template); migrations still run. */
    dbFrom?: Blob;
    mqtt?: boolean;
    redisPrefix?: string;
    onQuery?: QueryListener;
    sweepMs?: number;
    /** The vendor kinds' adapters (default devices/adapters/index.ts; tests bring their own). */
    adapters?: readonly AdapterFactory[];
  } = {},
): Promise<Booted> {
  const log = pino({ level: config.LOG_LEVEL });
  // Who is calling, kept between requests (http/caller-cache.ts); on PostgreSQL trusted while the
  // watch of the other instances says every change has arrived (http/caller-watch.ts).
  const callers = new CallerCache(!!config.DATABASE_URL);
  if (!config.DATABASE_URL && !opts.inMemoryDb) refuseHalfRestored(config.dataDir);
  const dbHandle = await openDb({
    afterStatement: (sqlText) => callers.noteStatement(sqlText),
    url: config.DATABASE_URL,
    dataDir: opts.inMemoryDb ? null : config.dataDir,
    onQuery: opts.onQuery,
    sharedBuffers: config.PGLITE_SHARED_BUFFERS,
    from: opts.dbFrom,
  });
  await migrate(dbHandle.db);
  await syncMenus(dbHandle.db);
  let callerWatch: CallerWatch | null = null;
  if (config.DATABASE_URL) {
    callerWatch = new CallerWatch(config.DATABASE_URL, callers, config.CALLER_LEASE_MS, (e) => log.error({ err: e }, 'caller watch'));
    await callerWatch.start();
    callers.watchedBy(callerWatch);
  }
  // The areas' door-unit sources and delete dependents, passed in through the services.
  const wiring = collectAreas(AREAS);

  let redis: Redis | null = null;
  if (config.REDIS_URL) {
    redis = new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
  }
  const limiter = redis ? redisRateLimiter(redis, opts.redisPrefix) : dbRateLimiter(dbHandle.db);

  // Device secrets are sealed only for Mosquitto provisioning (devices/provision/sealed-secrets.ts).
  useSecretKey(config.MQTT_PROVISION === 'mosquitto' ? config.MQTT_SECRET_KEY : null);
  const news = new News((e) => log.error({ err: e }, 'news listener'));
  const live = await startLive(dbHandle, config, news, callers, log, wiring.liveAccess);
  // Vendor units' passwords (DEVICE_CREDENTIAL_KEY): opened only for their adapters.
  const credentials = deviceCredentialBox(config);
  const unseal = (sealed: string | null): string | null => {
    if (!sealed) return null;
    try {
      return credentials.open(sealed);
    } catch {
      log.warn('a door unit password cannot be opened (DEVICE_CREDENTIAL_KEY changed?)');
      return null;
    }
  };
  const units = {
    db: dbHandle.db,
    dbKind: dbHandle.kind,
    log,
    news,
    instance: config.INSTANCE_ID,
    sweepMs: opts.sweepMs,
    unseal,
    factories: opts.adapters ?? vendorAdapters(config),
    eventRate: { perSec: config.DEVICE_EVENTS_PER_S, burst: config.DEVICE_EVENT_BURST },
  };
  let devices: DeviceBus;
  if (opts.mqtt === false) {
    // No broker: the other kinds of unit are still run (devices/units.ts).
    const run = new Units({ ...units, leaseMs: config.COMMAND_ACK_TIMEOUT_MS }, null);
    await run.start();
    devices = unitsWithoutBroker(run);
  } else {
    const gw = {
      ...units,
      prefix: config.MQTT_TOPIC_PREFIX,
      ackTimeoutMs: config.COMMAND_ACK_TIMEOUT_MS,
    };
    const shared = { sharedGroup: config.MQTT_SHARED_GROUP, sessionExpirySec: config.MQTT_SESSION_EXPIRY_S };
    if (config.MQTT_URL && config.MQTT_PROVISION === 'mosquitto') {
      // The provisioner creates the server's client before it connects (devices/provision/).
      const provisioner = await startMosquittoProvisioning(config, dbHandle.db, log);
      try {
        const gateway = await connectGateway({
          ...gw,
          mode: 'external',
          url: config.MQTT_URL,
          username: config.MQTT_USERNAME,
          password: config.MQTT_PASSWORD,
          ...shared,
        });
        devices = withProvisioner(gateway, provisioner);
      } catch (e) {
        await provisioner.close();
        throw e;
      }
    } else if (config.MQTT_URL) {
      devices = await connectGateway({
        ...gw,
        mode: 'external',
        url: config.MQTT_URL,
        username: config.MQTT_USERNAME,
        password: config.MQTT_PASSWORD,
        sharedGroup: config.MQTT_SHARED_GROUP,
        sessionExpirySec: config.MQTT_SESSION_EXPIRY_S,
      });
    } else {
      const secrets = deviceSecretChecker(dbHandle.db, config.DATABASE_URL);
      const embedded = await startEmbeddedBroker(config.MQTT_PORT, {
        prefix: config.MQTT_TOPIC_PREFIX,
        verifyDevice: secrets.verify,
        // read at a unit's SUBSCRIBE, after its CONNACK: the server's pool serves it (the secret check has its own)
        communityOf: (serial) => deviceCommunity(dbHandle.db, serial),
      });
      const gateway = await connectGateway({
        ...gw,
        mode: 'embedded',
        url: `mqtt://127.0.0.1:${embedded.port}`,
        username: embedded.serverUser,
        password: embedded.serverPassword,
        disconnect: embedded.disconnect,
        onClose: async () => {
          await embedded.close();
          await secrets.close();
        },
      });
      // Where the embedded broker stops being enough: a warning in the log and in health (docs/scale-out.md).
      const load = new EmbeddedLoadWatch(dbHandle.db, config.MQTT_EMBEDDED_MAX_UNITS, log);
      await load.start();
      devices = withEmbeddedLoad(gateway, load);
    }
  }

  const silence =
    opts.mqtt !== false
      ? startSilenceWatch(dbHandle.db, dbHandle.kind, news, config.DEVICE_SILENT_AFTER_MS, (e) => log.error({ err: e }, 'silence check'))
      : null;

  const services: Services = {
    db: dbHandle.db,
    config,
    sms: logSmsProvider(config.dataDir, log),
    limiter,
    devices,
    news,
    live,
    doors: { sources: wiring.desiredSources, ladder: wiring.ladderSources, dataDir: config.dataDir, photoKeys: config, tz: config.TZ_NAME },
    dependents: wiring.dependents,
    places: wiring.placeSources,
    callers,
    metrics:
      config.METRICS === 'on'
        ? new Metrics({
            db: dbHandle.db,
            news,
            liveClients: () => live.streams.size,
            onError: (e) => log.error({ err: e }, 'metrics'),
          })
        : null,
  };
  const workers = wiring.workers.map((start) => start(services, (e) => log.error({ err: e }, 'background work')));
  // Month partitions of access_event ahead of time, strays of the default partition, retention.
  const eventMonths = startEventMaintenance(dbHandle.db, dbHandle.kind, {
    retentionMonths: config.ACCESS_EVENT_RETENTION_MONTHS,
    log,
  });
  const backups = startScheduledBackups(dbHandle, config, log);
  // The embedded database's files are this process's alone: `gatehouse backup` asks it (cli/control.ts).
  const control = opts.inMemoryDb ? null : await startControl(dbHandle, config, log);
  return {
    services,
    dbHandle,
    async shutdown() {
      for (const w of workers) await w.stop();
      services.metrics?.close();
      await eventMonths.stop();
      await backups.stop();
      await control?.stop();
      await silence?.stop();
      await devices.close();
      await live.close();
      await redis?.quit();
      callers.watchedBy(null);
      await callerWatch?.close();
      await dbHandle.close();
    },
  };
}
