import { type AckMessage, type CmdMessage, deviceTopic, type EventMessage, parseDeviceTopic } from '@gatehouse/contracts';
import type { AdapterContext, AdapterFactory, UnitAdapter } from './contract.ts';

/** The server's MQTT client as the adapter uses it (devices/gateway.ts connects it). */
export interface MqttLink {
  prefix: string;
  publish(topic: string, payload: string): Promise<void>;
  connected(): boolean;
}

/** The Gatehouse MQTT units' adapter, with what a message from a unit is handed to. */
export interface MqttAdapter extends UnitAdapter {
  /**
   * A message the client received on `<prefix>/dev/<serial>/<topic>` (ack, event, status, heartbeat);
   * `retained`: the broker's retained copy handed on subscribing, not a message the unit just sent.
   */
  receive(topic: string, payload: Buffer, retained?: boolean): void;
}

/**
 * Gatehouse's own protocol (docs/device-protocol.md) as one adapter, kind `gatehouse-mqtt`, delivery
 * 'push': a claimed command is published (QoS 1) to `<prefix>/dev/<serial>/cmd`; it is ready while the
 * client is connected; the units' messages go to `UnitReports` as received (the reports validate them).
 */
export const mqttAdapter =
  (link: MqttLink): AdapterFactory =>
  (ctx: AdapterContext): MqttAdapter => {
    const onError = (e: unknown) => ctx.log.error({ err: e }, 'device gateway');
    return {
      kind: 'gatehouse-mqtt',
      delivery: 'push',
      ready: () => link.connected(),
      async send(_units, cmds) {
        const results = await Promise.allSettled(
          cmds.map((r) => {
            // The row was written from a typed NewCommand (commands.ts): its kind and payload match.
            const m = {
              id: r.id,
              type: r.type,
              kind: r.kind,
              payload: r.payload,
              createdAt: new Date(r.created_at).toISOString(),
              ...(r.object_key ? { object: r.object_key } : {}),
            } as CmdMessage;
            return link.publish(deviceTopic(link.prefix, r.serial, 'cmd'), JSON.stringify(m));
          }),
        );
        return cmds.filter((_, i) => results[i]?.status === 'rejected').map((r) => r.id);
      },
      receive(topic, payload, retained) {
        const t = parseDeviceTopic(link.prefix, topic);
        if (!t || !payload.length) return;
        let body: unknown;
        try {
          body = JSON.parse(payload.toString('utf8'));
        } catch {
          ctx.log.warn({ topic }, 'device message is not JSON');
          return;
        }
        // As received: the reports check each message's shape (devices/inbound.ts) and drop what does not fit.
        if (t.topic === 'ack') ctx.reports.ack(t.serial, body as AckMessage);
        else if (t.topic === 'event') ctx.reports.event(t.serial, body as EventMessage);
        else if (t.topic === 'status') ctx.reports.status(t.serial, body as never, retained === true).catch(onError);
        else if (t.topic === 'heartbeat') ctx.reports.heartbeat(t.serial, body as never).catch(onError);
      },
    };
  };
