import { z } from 'zod';
import { defineRoutes, r } from './define.ts';

/**
 * What EMQX 5 sends to its HTTP authenticator and authorizer (the bodies are set in
 * EMQX's configuration, docs/mqtt-broker.md). A missing or malformed field reads as
 * empty and is denied: these calls are answered, never refused with a 400.
 */
const field = (max: number) => z.string().max(max).catch('').default('');

export const mqttAuthInput = z.object({
  username: field(200),
  password: field(500),
  clientid: field(200),
  /** The connecting client's address (EMQX's `${peerhost}`): wrong passwords are counted per caller, not per unit. */
  peerhost: field(64),
});

export const mqttAclInput = z.object({
  username: field(200),
  clientid: field(200),
  topic: field(500),
  action: field(20),
});

/** EMQX's answer: `ignore` passes to the next authenticator/authorizer of its chain. */
export interface MqttHookAnswer {
  result: 'allow' | 'deny' | 'ignore';
  is_superuser?: boolean;
}

/**
 * Endpoints an EMQX 5 broker calls (not a browser): no session, but every call must
 * carry `Authorization: Bearer <MQTT_HTTP_AUTH_SECRET>`; they answer EMQX's JSON
 * (`{"result":"allow"|"deny"|"ignore"}`) as is, without the envelope.
 */
export const mqttRoutes = defineRoutes('mqtt', {
  auth: r<MqttHookAnswer>()({ method: 'POST', input: mqttAuthInput, access: 'public', kind: 'raw' }),
  acl: r<MqttHookAnswer>()({ method: 'POST', input: mqttAclInput, access: 'public', kind: 'raw' }),
});
