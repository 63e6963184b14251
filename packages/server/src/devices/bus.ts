import type { BrokerHealth, CmdMessage } from '@gatehouse/contracts';
import type { UnitRoute } from './adapters/contract.ts';
import type { Units } from './units.ts';

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
  /**
   * Publishes a community's emergency mode once, retained, on its broadcast topic (`communityTopic`,
   * docs/device-protocol.md §10): the broker hands it to every MQTT unit of the community at its own
   * speed. The per-unit commands of the same change still go out (acks, sync state). Call it after
   * the commit, before `dispatch`. Absent without a broker.
   */
  broadcast?(communityId: number, message: CmdMessage): void;
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
  /** The HTTP routes vendor units call (their adapters'), served outside /api by the app. */
  routes?(): UnitRoute[];
  /** Resolves once the work queued so far (dispatch, acks, events) is written. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * No broker (DEVICE_BROKER off: tests that do not drive MQTT units): the units of the other kinds
 * are still run (their adapters, the dispatcher, the reports); MQTT units' commands stay pending.
 */
export function unitsWithoutBroker(units: Units): DeviceBus {
  return {
    mode: 'off',
    url: null,
    connected: () => false,
    dispatch: (ids) => units.dispatcher.request(ids),
    disconnect: () => {},
    routes: () => units.routes(),
    idle: () => units.idle(),
    async close() {
      await units.stopSending();
      await units.drain();
    },
  };
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
