import { communityTopic, deviceTopic } from '@gatehouse/contracts';
import mqtt from 'mqtt';
import { type MqttAdapter, mqttAdapter } from './adapters/mqtt.ts';
import type { DeviceBus } from './bus.ts';
import { Units, type UnitsOptions } from './units.ts';

export interface GatewayOptions extends Omit<UnitsOptions, 'dbKind' | 'instance' | 'leaseMs'> {
  mode: 'embedded' | 'external';
  url: string;
  prefix: string;
  username?: string;
  password?: string;
  /** Drops a serial's connections (embedded broker only). */
  disconnect?: (serial: string) => void;
  onClose?: () => Promise<void>;
  /** 'postgres': the queue may be shared with other instances (claims hold device locks). Default 'pglite'. */
  dbKind?: 'pglite' | 'postgres';
  /** This instance (INSTANCE_ID): its MQTT client id and the claimed_by of what it sends. */
  instance?: string;
  /** COMMAND_ACK_TIMEOUT_MS (default 60 s). */
  ackTimeoutMs?: number;
  /** External broker: the instances' shared-subscription group (MQTT_SHARED_GROUP). */
  sharedGroup?: string;
  /** External broker: seconds the broker keeps this instance's session after it goes (MQTT_SESSION_EXPIRY_S). */
  sessionExpirySec?: number;
}

/**
 * The server's MQTT client: subscribes to what devices send (QoS 1) and dispatches
 * the command queue. On an external broker the instances subscribe with MQTT 5 shared
 * subscriptions (`$share/<group>/...`): each message a unit sends is handled by one of
 * them. The session ends with its connection by default (MQTT_SESSION_EXPIRY_S 0): a
 * broker keeping a dead instance's session goes on handing it its share of the units'
 * messages (Mosquitto does, round-robin), so they would wait or be lost with it. What an
 * instance took and did not write is recovered by the application instead: a lost ack's
 * command is sent again when its lease runs out (devices/lease-wake.ts) and answered
 * again, and a unit keeps each event until it is confirmed on `evack` (docs/scale-out.md
 * "After a crash"). The embedded broker (aedes) has no shared subscriptions: it serves
 * one instance. The client is the MQTT units' adapter
 * (devices/adapters/mqtt.ts); the units of every kind are run by devices/units.ts.
 */
export async function connectGateway(o: GatewayOptions): Promise<DeviceBus & { client: mqtt.MqttClient }> {
  const onError = (e: unknown) => o.log.error({ err: e }, 'device gateway');
  const instance = o.instance ?? 'local';
  const shared = o.mode === 'external' && o.sharedGroup ? o.sharedGroup : null;
  const client = mqtt.connect(o.url, {
    clientId: `gatehouse-${o.prefix}-${instance}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64),
    clean: false,
    ...(o.mode === 'external' ? { protocolVersion: 5 as const, properties: { sessionExpiryInterval: o.sessionExpirySec ?? 0 } } : {}),
    username: o.username,
    password: o.password,
    reconnectPeriod: 1000,
    connectTimeout: 5000,
  });
  const link = {
    prefix: o.prefix,
    publish: (topic: string, payload: string) => client.publishAsync(topic, payload, { qos: 1 }).then(() => undefined),
    connected: () => client.connected,
  };
  const units = new Units(
    {
      ...o,
      dbKind: o.dbKind ?? 'pglite',
      instance,
      leaseMs: o.ackTimeoutMs ?? 60_000,
      confirmEvents: (serial, eids) => link.publish(deviceTopic(o.prefix, serial, 'evack'), JSON.stringify({ eids })),
    },
    mqttAdapter(link),
  );
  const adapter = units.adapters.get('gatehouse-mqtt') as MqttAdapter;
  const dispatcher = units.dispatcher;
  // Handlers first: a resumed session may deliver queued acks right after CONNACK.
  client.on('message', (topic, payload, packet) => adapter.receive(topic, payload, packet.retain));
  let connectedBefore = false;
  client.on('connect', () => {
    // Back after a loss: the broker may have lost what it held (a restart without persistence).
    if (connectedBefore) dispatcher.resendSentBefore('gatehouse-mqtt', new Date()).catch(onError);
    connectedBefore = true;
    dispatcher.sweep().catch(onError);
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error('no answer within 10 s')), 10_000);
    const fail = (e: Error) => {
      clearTimeout(timer);
      client.end(true);
      reject(new Error(`MQTT connection to ${o.url} failed: ${e.message}`));
    };
    client.once('connect', () => {
      clearTimeout(timer);
      client.off('error', fail);
      resolve();
    });
    client.once('error', fail);
  });
  client.on('error', (e) => o.log.warn({ err: e }, 'mqtt client'));

  if (o.mode === 'embedded') {
    // A fresh embedded broker has no connection yet: nothing is online until it says so.
    // (Our own units only: a vendor terminal's state is its adapter's.)
    await o.db.updateTable('device').set({ online: false }).where('online', '=', true).where('unit_kind', '=', 'gatehouse-mqtt').execute();
  }
  const base = `${shared ? `$share/${shared}/` : ''}${o.prefix}/dev/+/`;
  await client.subscribeAsync([`${base}ack`, `${base}event`, `${base}status`, `${base}heartbeat`], { qos: 1 });
  await units.start();

  return {
    mode: o.mode,
    url: o.url,
    client,
    connected: () => client.connected,
    dispatch: (ids) => dispatcher.request(ids),
    broadcast: (communityId, m) => {
      client.publishAsync(communityTopic(o.prefix, communityId), JSON.stringify(m), { qos: 1, retain: true }).catch(onError);
    },
    disconnect: (serial) => o.disconnect?.(serial),
    routes: () => units.routes(),
    idle: () => units.idle(),
    async close() {
      await units.stopSending();
      // No more messages, then write what arrived (acks, events, status changes).
      await client.endAsync(true);
      await units.drain();
      await o.onClose?.();
    },
  };
}
