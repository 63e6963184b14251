import net from 'node:net';
import path from 'node:path';
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
  MQTT_TOPIC_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - or _')
    .default('gh'),
  MQTT_USERNAME: z.string().optional(),
  MQTT_PASSWORD: z.string().optional(),
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
  EXPORT_MAX_ROWS: z.coerce.number().int().min(1).max(10_000_000).default(1_000_000),
});

export type Config = z.output<typeof schema> & { dataDir: string };

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value stops the start with one clear line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const res = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!res.success) {
    const first = res.error.issues[0];
    const name = String(first?.path[0] ?? '');
    throw new ConfigError(`Invalid configuration: ${name} ${first?.message} (got ${JSON.stringify(env[name] ?? '')})`);
  }
  // npm runs workspace scripts inside the package; a relative DATA_DIR means the directory npm was started from.
  const base = env.INIT_CWD ?? process.cwd();
  return { ...res.data, dataDir: path.resolve(base, res.data.DATA_DIR) };
}

/** A configuration for tests: embedded everything, captcha off, no demo data. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ CAPTCHA: 'off', DEMO: '0', LOG_LEVEL: 'silent', DATA_DIR: './.tmp/test-data' });
  return { ...base, ...overrides };
}
