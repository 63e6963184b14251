import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { openDeviceSecret, sealDeviceSecret, useSecretKey } from './sealed-secrets.ts';

const full = {
  MQTT_URL: 'mqtt://broker:1883',
  MQTT_PROVISION: 'mosquitto',
  MQTT_USERNAME: 'gatehouse',
  MQTT_PASSWORD: 'pw',
  MQTT_SECRET_KEY: 'k'.repeat(32),
};

describe('broker provisioning settings', () => {
  it('accepts a complete Mosquitto set-up and defaults to no provisioning', () => {
    expect(loadConfig(full)).toMatchObject({ MQTT_PROVISION: 'mosquitto', MQTT_RECONCILE_SECONDS: 300 });
    expect(loadConfig({}).MQTT_PROVISION).toBe('none');
  });

  it.each([
    [{ ...full, MQTT_URL: undefined }, 'MQTT_PROVISION=mosquitto needs MQTT_URL'],
    [{ ...full, MQTT_PASSWORD: undefined }, 'MQTT_PROVISION=mosquitto needs MQTT_USERNAME and MQTT_PASSWORD'],
    [{ ...full, MQTT_SECRET_KEY: undefined }, 'MQTT_PROVISION=mosquitto needs MQTT_SECRET_KEY'],
    [{ ...full, MQTT_SECRET_KEY: 'short' }, 'MQTT_SECRET_KEY must be at least 32 characters'],
    [{ ...full, MQTT_ADMIN_USERNAME: 'admin' }, 'MQTT_ADMIN_USERNAME and MQTT_ADMIN_PASSWORD go together'],
    [{ ...full, MQTT_PROVISION: 'emqx' }, 'MQTT_PROVISION'],
    [{ MQTT_HTTP_AUTH_SECRET: 'short' }, 'MQTT_HTTP_AUTH_SECRET must be at least 16 characters'],
    [{ MQTT_RECONCILE_SECONDS: '-1' }, 'MQTT_RECONCILE_SECONDS must be a whole number of seconds'],
  ])('stops with one clear line on %o', (env, text) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(text);
  });
});

describe('sealed device secrets', () => {
  it('opens only with the key that sealed them', () => {
    useSecretKey('a'.repeat(32));
    const box = sealDeviceSecret('the-secret') as string;
    expect(box).toMatch(/^v1\./);
    expect(box).not.toContain('the-secret');
    expect(openDeviceSecret(box)).toBe('the-secret');
    const [v, iv, tag, data = ''] = box.split('.');
    const flipped = `${data[0] === 'A' ? 'B' : 'A'}${data.slice(1)}`; // the first character carries 6 whole bits
    expect(openDeviceSecret([v, iv, tag, flipped].join('.'))).toBeNull();
    useSecretKey('b'.repeat(32));
    expect(openDeviceSecret(box)).toBeNull();
    useSecretKey(null);
    expect(sealDeviceSecret('x')).toBeNull();
    expect(openDeviceSecret(box)).toBeNull();
  });
});
