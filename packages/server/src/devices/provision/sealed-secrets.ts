import { SecretBox, stretchKey } from '../../crypto/secret-box.ts';

/**
 * Device secrets sealed for the broker (AES-256-GCM). Mosquitto's dynamic-security
 * plugin accepts a client's password only in clear, so when it is provisioned the
 * server keeps each secret sealed with MQTT_SECRET_KEY next to its hash: reconcile can
 * then create a deleted client again. Without a key (embedded broker, EMQX) nothing is
 * sealed and only the hash is kept.
 *
 * The key is process-wide: boot sets it from the configuration before anything issues a secret.
 */
let box: SecretBox | null = null;

/** Sets (or clears) the sealing key; any string of 32+ characters, stretched to 256 bits. */
export function useSecretKey(secret: string | undefined | null): void {
  box = secret ? new SecretBox(stretchKey(secret, 'device-secret')) : null;
}

/** The sealed secret (crypto/secret-box.ts), or null when no key is set. */
export const sealDeviceSecret = (secret: string): string | null => box?.seal(secret) ?? null;

/** The secret of a sealed box, or null (no key, another key, or a damaged box). */
export const openDeviceSecret = (sealed: string | null | undefined): string | null => box?.tryOpen(sealed) ?? null;
