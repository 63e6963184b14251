import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({ INIT_CWD: '/srv/gatehouse' });
    expect(c.PORT).toBe(8080);
    expect(c.MQTT_PORT).toBe(1884);
    expect(c.dataDir).toBe('/srv/gatehouse/data');
    expect(c.CAPTCHA).toBe('on');
    expect(c.DEMO).toBe(true);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.TRUST_PROXY).toBeUndefined();
    expect(c.SMS_DAILY_CAP).toBe(1000);
    expect(c.ACCESS_EVENT_RETENTION_MONTHS).toBe(0);
    expect(loadConfig({ ACCESS_EVENT_RETENTION_MONTHS: '24' }).ACCESS_EVENT_RETENTION_MONTHS).toBe(24);
    expect(c.FACE_DETECTOR_WARMUP).toBe(false);
    expect(loadConfig({ FACE_DETECTOR_WARMUP: '1' }).FACE_DETECTOR_WARMUP).toBe(true);
    expect(c.PGLITE_SHARED_BUFFERS).toBe('32MB');
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '128MB' }).PGLITE_SHARED_BUFFERS).toBe('128MB');
    expect([c.BACKUP_CRON, c.backupDir, c.BACKUP_KEEP]).toEqual([undefined, '/srv/gatehouse/data/backups', 7]);
    expect(loadConfig({ BACKUP_CRON: '30 3 * * *', BACKUP_DIR: '/mnt/backups' }).backupDir).toBe('/mnt/backups');
  });

  it('reads TRUST_PROXY as a list of addresses and CIDR ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a port number'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// URL'],
    [{ MQTT_URL: 'http://x' }, 'MQTT_URL must be an mqtt:// URL'],
    [{ CAPTCHA: 'maybe' }, 'CAPTCHA'],
    [{ ADMIN_PHONE: '12345' }, 'ADMIN_PHONE must be a mainland mobile number'],
    [{ ADMIN_PASSWORD: '1short' }, 'ADMIN_PASSWORD must start with a letter'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY must be IP addresses or CIDR ranges'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY must be IP addresses or CIDR ranges'],
    [{ SMS_DAILY_CAP: '0' }, 'SMS_DAILY_CAP must be a whole number of at least 1'],
    [{ ACCESS_EVENT_RETENTION_MONTHS: '-1' }, 'ACCESS_EVENT_RETENTION_MONTHS must be a whole number of months'],
    [{ ACCESS_EVENT_RETENTION_MONTHS: '1.5' }, 'ACCESS_EVENT_RETENTION_MONTHS must be a whole number of months'],
    [{ PGLITE_SHARED_BUFFERS: '32' }, 'PGLITE_SHARED_BUFFERS must be a size from 128kB to 1GB'],
    [{ PGLITE_SHARED_BUFFERS: '64kB' }, 'PGLITE_SHARED_BUFFERS must be a size from 128kB to 1GB'],
    [{ PGLITE_SHARED_BUFFERS: '2GB' }, 'PGLITE_SHARED_BUFFERS must be a size from 128kB to 1GB'],
    [{ FACE_DETECTOR_WARMUP: 'yes' }, 'FACE_DETECTOR_WARMUP'],
    [{ BACKUP_CRON: 'every night' }, 'BACKUP_CRON must be a cron expression'],
    [{ BACKUP_KEEP: '0' }, 'BACKUP_KEEP must be a whole number of at least 1'],
  ])('stops with one clear line on %o', (env, text) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(text);
  });
});
