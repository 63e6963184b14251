import { deviceTopic, parseDeviceTopic } from '@gatehouse/contracts';
import mqtt from 'mqtt';
import type { Logger } from 'pino';
import type { Db } from '../db/index.ts';
import type { DeviceBus } from './bus.ts';
import { Dispatcher } from './dispatcher.ts';
import { Inbound } from './inbound.ts';
import { startSweeps } from './lease-wake.ts';
import type { UnitRate } from './unit-throttle.ts';
import type { News } from './news.ts';

export interface GatewayOptions {
  db: Db;
  log: Logger;
  mode: 'embedded' | 'external';
  url: string;
  prefix: string;
  username?: string;
  password?: string;
  /** Drops a serial's connections (embedded broker only). */
  disconnect?: (serial: string) => void;
  onClose?: () => Promise<void>;
  sweepMs?: number;
  /** Told what inbound messages wrote. */
  news?: News;
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
  /** Events per unit (DEVICE_EVENTS_PER_S, DEVICE_EVENT_BURST). */
  eventRate?: UnitRate;
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
 * one instance.
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
  const publish = (topic: string, payload: string) => client.publishAsync(topic, payload, { qos: 1 }).then(() => undefined);
  const dispatcher = new Dispatcher(o.db, o.prefix, publish, () => client.connected, onError, {
    dbKind: o.dbKind ?? 'pglite',
    instance,
    leaseMs: o.ackTimeoutMs ?? 60_000,
  });
  const inbound = new Inbound(o.db, (deviceId, since) => dispatcher.request([deviceId], since), onError, o.news, {
    confirm: (serial, eids) => publish(deviceTopic(o.prefix, serial, 'evack'), JSON.stringify({ eids })),
    rate: o.eventRate,
    onThrottled: (serial, refused) => o.log.warn({ serial, refused }, 'door unit over its event rate: events refused'),
  });
  // Handlers first: a resumed session may deliver queued acks right after CONNACK.
  client.on('message', (topic, payload) => {
    const t = parseDeviceTopic(o.prefix, topic);
    if (!t || !payload.length) return;
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      o.log.warn({ topic }, 'device message is not JSON');
      return;
    }
    if (t.topic === 'ack') inbound.ack(t.serial, body);
    else if (t.topic === 'event') inbound.event(t.serial, body);
    else if (t.topic === 'status') inbound.status(t.serial, body).catch(onError);
    else if (t.topic === 'heartbeat') inbound.heartbeat(t.serial, body).catch(onError);
  });
  client.on('connect', () => {
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
    await o.db.updateTable('device').set({ online: false }).where('online', '=', true).execute();
  }
  const base = `${shared ? `$share/${shared}/` : ''}${o.prefix}/dev/+/`;
  await client.subscribeAsync([`${base}ack`, `${base}event`, `${base}status`, `${base}heartbeat`], { qos: 1 });
  await dispatcher.sweep();
  const sweeper = startSweeps(o.db, () => dispatcher.sweep(), { everyMs: o.sweepMs ?? 10_000, canSweep: () => client.connected, onError });

  return {
    mode: o.mode,
    url: o.url,
    client,
    connected: () => client.connected,
    dispatch: (ids) => dispatcher.request(ids),
    disconnect: (serial) => o.disconnect?.(serial),
    async idle() {
      await dispatcher.idle();
      await inbound.idle();
      await dispatcher.idle();
    },
    async close() {
      sweeper.stop();
      dispatcher.stop();
      await dispatcher.idle().catch(() => {});
      // No more messages, then write what arrived (acks, events, status changes).
      await client.endAsync(true);
      await inbound.idle().catch(() => {});
      inbound.stop();
      await o.onClose?.();
    },
  };
}
