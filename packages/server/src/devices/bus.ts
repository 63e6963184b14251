import type { BrokerHealth } from '@gatehouse/contracts';

/**
 * The server's side of the device link. The foundation starts the broker and
 * connects; the device area dispatches commands through it (devices/gateway.ts).
 */
export interface DeviceBus {
  /** 'embedded' (aedes in-process), 'external' (MQTT_URL) or 'off' (tests without a broker). */
  readonly mode: 'embedded' | 'external' | 'off';
  readonly url: string | null;
  connected(): boolean;
  /**
   * Delivers the commands not yet sent (status 0) of these devices. Call it after the
   * transaction that wrote them has committed; a periodic sweep catches any missed call.
   */
  dispatch(deviceIds: Iterable<number>): void;
  /** Drops the live connections of a serial number (its secret was revoked). */
  disconnect(serial: string): void;
  /**
   * After a commit that issued or revoked door-unit secrets: brings an external broker's
   * clients in line (Mosquitto provisioning, devices/provision/). Never throws: a failed
   * change is retried and repaired by the next reconcile. Absent when the broker checks
   * the database itself (embedded, EMQX's HTTP hooks).
   */
  provision?(serials: Iterable<string>): Promise<void>;
  /** The `broker` section of GET /api/health (absent: derived from the mode). */
  broker?(): BrokerHealth;
  /** Resolves once the work queued so far (dispatch, acks, events) is written. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export const offBus: DeviceBus = {
  mode: 'off',
  url: null,
  connected: () => false,
  dispatch: () => {},
  disconnect: () => {},
  idle: async () => {},
  close: async () => {},
};
