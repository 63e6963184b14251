import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Cron } from 'croner';
import { z } from 'zod';

const bool01 = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const port = z.coerce
  .number({ error: 'must be a port number (0-65535)' })
  .int('must be a port number (0-65535)')
  .min(0, 'must be a port number (0-65535)')
  .max(65535, 'must be a port number (0-65535)');

/** proxy-addr's names for the private ranges, an address, or an address/prefix. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyEntry = (entry: string): boolean => {
  if (PROXY_NAMES.has(entry)) return true;
  const [ip = '', bits, ...rest] = entry.split('/');
  const family = net.isIP(ip);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};
const proxyList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean),
  )
  .refine(
    (list) => list.every(isProxyEntry),
    'must be IP addresses or CIDR ranges separated by commas (or loopback, linklocal, uniquelocal)',
  );

const schema = z.object({
  PORT: port.default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  MQTT_URL: z
    .string()
    .regex(/^(mqtts?|tcp|wss?):\/\//, 'must be an mqtt:// URL')
    .optional(),
  MQTT_PORT: port.default(1884),
  /** Door units the embedded broker is meant to carry: past it a warning is logged and shown in GET /api/health (0: no check). */
  MQTT_EMBEDDED_MAX_UNITS: z.coerce
    .number({ error: 'must be a whole number (0 to 1000000)' })
    .int('must be a whole number (0 to 1000000)')
    .min(0, 'must be a whole number (0 to 1000000)')
    .max(1_000_000, 'must be a whole number (0 to 1000000)')
    .default(2000),
  MQTT_TOPIC_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - or _')
    .default('gh'),
  MQTT_USERNAME: z.string().optional(),
  /** This server process among several (MQTT client id, command claims); default <hostname>-<pid>. */
  INSTANCE_ID: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,60}$/, 'must be 1 to 60 letters, digits, ., - or _')
    .optional(),
  /** Shared-subscription group of the instances on an external broker ($share/<group>/...). */
  MQTT_SHARED_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1 to 40 letters, digits, - or _')
    .default('gatehouse'),
  /** How long the broker keeps an instance's session (and what it was sent) after it disconnects, seconds (0: it ends with the connection). */
  MQTT_SESSION_EXPIRY_S: z.coerce
    .number({ error: 'must be a whole number of seconds (0 to 86400)' })
    .int('must be a whole number of seconds (0 to 86400)')
    .min(0, 'must be a whole number of seconds (0 to 86400)')
    .max(86_400, 'must be a whole number of seconds (0 to 86400)')
    .default(0),
  /** Events a door unit may send per second, sustained (more are refused, not confirmed: the unit sends them later). */
  DEVICE_EVENTS_PER_S: z.coerce
    .number({ error: 'must be a whole number (1 to 100000)' })
    .int('must be a whole number (1 to 100000)')
    .min(1, 'must be a whole number (1 to 100000)')
    .max(100_000, 'must be a whole number (1 to 100000)')
    .default(50),
  /** Events a door unit may send at once after a quiet while (the token bucket's size). */
  DEVICE_EVENT_BURST: z.coerce
    .number({ error: 'must be a whole number (1 to 1000000)' })
    .int('must be a whole number (1 to 1000000)')
    .min(1, 'must be a whole number (1 to 1000000)')
    .max(1_000_000, 'must be a whole number (1 to 1000000)')
    .default(500),
  /** A sent command not acknowledged within this is sent again (by any instance), ms. */
  COMMAND_ACK_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds (500 to 3600000)' })
    .int('must be a whole number of milliseconds (500 to 3600000)')
    .min(500, 'must be a whole number of milliseconds (500 to 3600000)')
    .max(3_600_000, 'must be a whole number of milliseconds (500 to 3600000)')
    .default(60_000),
  /**
   * PostgreSQL: how long an instance trusts the callers it keeps after its last beat came back, and the
   * longest a write that changes callers waits for an instance that does not answer (http/caller-watch.ts), ms.
   */
  CALLER_LEASE_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds (100 to 60000)' })
    .int('must be a whole number of milliseconds (100 to 60000)')
    .min(100, 'must be a whole number of milliseconds (100 to 60000)')
    .max(60_000, 'must be a whole number of milliseconds (100 to 60000)')
    .default(1000),
  MQTT_PASSWORD: z.string().optional(),
  /** Who keeps an external broker's door-unit credentials (docs/mqtt-broker.md). */
  MQTT_PROVISION: z.enum(['none', 'mosquitto']).default('none'),
  MQTT_ADMIN_USERNAME: z.string().optional(),
  MQTT_ADMIN_PASSWORD: z.string().optional(),
  MQTT_SECRET_KEY: z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -base64 32)').optional(),
  MQTT_RECONCILE_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds (0 = only at start)' })
    .int('must be a whole number of seconds (0 = only at start)')
    .min(0, 'must be a whole number of seconds (0 = only at start)')
    .default(300),
  MQTT_HTTP_AUTH_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  TRUST_PROXY: proxyList.optional(),
  SMS_PROVIDER: z.enum(['log']).default('log'),
  SMS_DAILY_CAP: z.coerce
    .number({ error: 'must be a whole number of at least 1' })
    .int('must be a whole number of at least 1')
    .min(1, 'must be a whole number of at least 1')
    .default(1000),
  CAPTCHA: z.enum(['on', 'off']).default('on'),
  ADMIN_PHONE: z
    .string()
    .regex(/^1[3-9]\d{9}$/, 'must be a mainland mobile number (1[3-9] + 9 digits)')
    .optional(),
  ADMIN_PASSWORD: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_-]{5,9}$/, 'must start with a letter, 6 to 10 letters, digits, - or _')
    .optional(),
  DEMO: bool01.default(true),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(12),
  TZ_NAME: z.string().default('Asia/Shanghai'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** A bound unit silent this long (no heartbeat, status or event) is taken as offline (docs/live-operations.md). */
  DEVICE_SILENT_AFTER_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds of at least 1000' })
    .int('must be a whole number of milliseconds of at least 1000')
    .min(1000, 'must be a whole number of milliseconds of at least 1000')
    .default(300_000),
  EXPORT_MAX_ROWS: z.coerce.number().int().min(1).max(10_000_000).default(1_000_000),
  /**
   * The server's base URL as door terminals reach it (`http://10.0.0.5:8080`): Hikvision terminals post
   * their events to `<this>/hik/events?...` (docs/devices/hikvision.md). Unset: events are read by the
   * terminals' event search only (every HIK_POLL_MS).
   */
  DEVICE_CALLBACK_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL (the server as terminals reach it)' })
    .optional(),
  /** How often each Hikvision terminal is asked for its device info and event log, ms. */
  HIK_POLL_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds (200 to 3600000)' })
    .int('must be a whole number of milliseconds (200 to 3600000)')
    .min(200, 'must be a whole number of milliseconds (200 to 3600000)')
    .max(3_600_000, 'must be a whole number of milliseconds (200 to 3600000)')
    .default(30_000),
  /** How long one request to a Hikvision terminal may take, ms. */
  HIK_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds (100 to 120000)' })
    .int('must be a whole number of milliseconds (100 to 120000)')
    .min(100, 'must be a whole number of milliseconds (100 to 120000)')
    .max(120_000, 'must be a whole number of milliseconds (100 to 120000)')
    .default(10_000),
  /** Access events are kept this many whole months, then their month is dropped (0: kept for ever; db/event-partitions.ts). */
  ACCESS_EVENT_RETENTION_MONTHS: z.coerce
    .number({ error: 'must be a whole number of months (0: keep every event)' })
    .int('must be a whole number of months (0: keep every event)')
    .min(0, 'must be a whole number of months (0: keep every event)')
    .max(1200, 'must be a whole number of months (0: keep every event)')
    .default(0),
  /** Webhook URLs may point to loopback/private/link-local addresses (docs/live-operations.md). */
  WEBHOOK_ALLOW_PRIVATE: bool01.default(false),
  /** AES-256-GCM key of the stored webhook secrets: 64 hex digits or base64 of 32 bytes (unset: DATA_DIR/webhook-secret.key). */
  WEBHOOK_SECRET_KEY: z
    .string()
    .refine(
      (v) => /^[0-9a-fA-F]{64}$/.test(v.trim()) || Buffer.from(v.trim(), 'base64').length === 32,
      'must be 32 bytes: 64 hex digits or base64',
    )
    .optional(),
  /**
   * AES-256-GCM key of vendor door units' stored passwords (Hikvision ISAPI terminals): 64 hex digits or
   * base64 of 32 bytes (unset: DATA_DIR/device-credential.key). Several instances must share one key.
   */
  DEVICE_CREDENTIAL_KEY: z
    .string()
    .refine(
      (v) => /^[0-9a-fA-F]{64}$/.test(v.trim()) || Buffer.from(v.trim(), 'base64').length === 32,
      'must be 32 bytes: 64 hex digits or base64',
    )
    .optional(),
  /**
   * AES-256-GCM key face photos and consent forms are sealed with in DATA_DIR: 64 hex digits or base64 of
   * 32 bytes, the same on every instance (unset: DATA_DIR/photo.key, created once; docs/privacy.md).
   */
  PHOTO_KEY: z
    .string()
    .refine(
      (v) => /^[0-9a-fA-F]{64}$/.test(v.trim()) || Buffer.from(v.trim(), 'base64').length === 32,
      'must be 32 bytes: 64 hex digits or base64',
    )
    .optional(),
  /**
   * HMAC-SHA256 key of the pseudonyms that replace an erased person's account in access events (64 hex
   * digits or base64 of 32 bytes; unset: DATA_DIR/pseudonym.key, created once). The same on every
   * instance, kept apart from backups (docs/privacy.md "Pseudonymised events").
   */
  PSEUDONYM_KEY: z
    .string()
    .refine(
      (v) => /^[0-9a-fA-F]{64}$/.test(v.trim()) || Buffer.from(v.trim(), 'base64').length === 32,
      'must be 32 bytes: 64 hex digits or base64',
    )
    .optional(),
  /** Earlier PHOTO_KEYs, comma separated: what they sealed stays readable until `gatehouse reseal-photos`. */
  PHOTO_KEYS_OLD: z
    .string()
    .refine(
      (v) =>
        v
          .split(',')
          .map((k) => k.trim())
          .filter(Boolean)
          .every((k) => /^[0-9a-fA-F]{64}$/.test(k) || Buffer.from(k, 'base64').length === 32),
      'must be keys of 32 bytes (64 hex digits or base64), comma separated',
    )
    .optional(),
  /**
   * Load the face detector's models (about 240 MB) at start, so the first face check does not wait
   * for them; off, they load on the first face check (docs/performance.md, "Face check").
   */
  FACE_DETECTOR_WARMUP: bool01.default(false),
  /** Embedded PGlite's buffer pool (PostgreSQL's shared_buffers); unused with DATABASE_URL. */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .refine((v) => {
      const m = /^([1-9]\d{0,6})(kB|MB|GB)$/.exec(v);
      const kb = m ? Number(m[1]) * { kB: 1, MB: 1024, GB: 1024 * 1024 }[m[2] as 'kB'] : 0;
      return kb >= 128 && kb <= 1024 * 1024;
    }, 'must be a size from 128kB to 1GB, such as 32MB (kB, MB or GB)')
    .default('32MB'),
  /** `GET /metrics` in the Prometheus text format (docs/operations.md, "Metrics"); off: the path is unknown (404). */
  METRICS: z.enum(['on', 'off']).default('off'),
  /** When set, a scrape of /metrics must send `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters (e.g. openssl rand -hex 24)').optional(),
  /** When the server writes a backup (cron, 5 or 6 fields, in TZ_NAME; unset: never; docs/operations.md "Backup and restore"). */
  BACKUP_CRON: z
    .string()
    .refine((v) => {
      try {
        new Cron(v, { paused: true }).stop();
        return true;
      } catch {
        return false;
      }
    }, 'must be a cron expression such as "30 3 * * *" (minute hour day month weekday)')
    .optional(),
  /** Where scheduled backups are written (unset: DATA_DIR/backups). */
  BACKUP_DIR: z.string().min(1).optional(),
  /** How many scheduled backups are kept in BACKUP_DIR (the newest; older ones are deleted). */
  BACKUP_KEEP: z.coerce.number().int().min(1, 'must be a whole number of at least 1').max(1000).default(7),
  /** How often the queued webhook deliveries are polled, ms (0: not polled). */
  WEBHOOK_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** How often each instance looks for a big access group's members still to send, ms (0: never). */
  GROUP_FANOUT_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
});

export type Config = z.output<typeof schema> & { dataDir: string; INSTANCE_ID: string; backupDir: string };

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value stops the start with one clear line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const res = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!res.success) {
    const first = res.error.issues[0];
    const name = String(first?.path[0] ?? '');
    throw new ConfigError(`Invalid configuration: ${name} ${first?.message} (got ${JSON.stringify(env[name] ?? '')})`);
  }
  const provisionProblem = provisionCheck(res.data);
  if (provisionProblem) throw new ConfigError(`Invalid configuration: ${provisionProblem}`);
  // npm runs workspace scripts inside the package; a relative DATA_DIR means the directory npm was started from.
  const base = env.INIT_CWD ?? process.cwd();
  return {
    ...res.data,
    INSTANCE_ID: res.data.INSTANCE_ID ?? `${os.hostname()}-${process.pid}`.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 60),
    dataDir: path.resolve(base, res.data.DATA_DIR),
    backupDir: path.resolve(base, res.data.BACKUP_DIR ?? path.join(res.data.DATA_DIR, 'backups')),
  };
}

/** MQTT_PROVISION=mosquitto needs an external broker, the admin's credentials and the key that seals device secrets. */
function provisionCheck(c: z.output<typeof schema>): string | null {
  if (c.MQTT_PROVISION !== 'mosquitto') return null;
  if (!c.MQTT_URL) return 'MQTT_PROVISION=mosquitto needs MQTT_URL (an external Mosquitto with the dynamic-security plugin)';
  if (!c.MQTT_USERNAME || !c.MQTT_PASSWORD)
    return 'MQTT_PROVISION=mosquitto needs MQTT_USERNAME and MQTT_PASSWORD (the server client it creates)';
  if (!c.MQTT_ADMIN_USERNAME !== !c.MQTT_ADMIN_PASSWORD) return 'MQTT_ADMIN_USERNAME and MQTT_ADMIN_PASSWORD go together';
  if (!c.MQTT_SECRET_KEY) return 'MQTT_PROVISION=mosquitto needs MQTT_SECRET_KEY (at least 32 characters) to restore door-unit clients';
  return null;
}

/** A configuration for tests: embedded everything, captcha off, no demo data. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ CAPTCHA: 'off', DEMO: '0', LOG_LEVEL: 'silent', DATA_DIR: './.tmp/test-data' });
  return { ...base, ...overrides };
}
