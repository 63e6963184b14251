import crypto from 'node:crypto';
import {
  communityTopic,
  communityTopicRoot,
  type MqttHookAnswer,
  SERIAL_PATTERN,
  UNIT_PUBLISHES,
  UNIT_SUBSCRIBES,
} from '@gatehouse/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { keyPart, type RateLimiter } from '../../sms/rate-limit.ts';
import { verifyDeviceSecret } from '../secrets.ts';

/**
 * EMQX 5's HTTP authentication and authorization, answered from the database with the
 * rules of the embedded broker (docs/mqtt-broker.md has EMQX's configuration).
 */

/**
 * Wrong passwords one caller (the connecting client's address, EMQX's `${peerhost}`; its client id when
 * EMQX does not send the address) may try per window before its every attempt is denied for the rest
 * of it. Counted per caller, not per username: a stranger who knows a unit's serial cannot keep the
 * unit out by sending wrong secrets for it.
 */
export const AUTH_FAILS_MAX = 10;
export const AUTH_FAILS_WINDOW_SEC = 60;
/** Calls with a wrong shared secret an address may make per window before they answer 429. */
export const HOOK_FAILS_MAX = 20;
export const HOOK_FAILS_WINDOW_SEC = 60;

const digest = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest();
const same = (a: string, b: string) => crypto.timingSafeEqual(digest(a), digest(b));

/** True when the Authorization header carries `Bearer <MQTT_HTTP_AUTH_SECRET>` (or Basic with it as the password). */
export function hookSecretOk(header: string | undefined, secret: string): boolean {
  if (!header) return false;
  const [scheme, value = ''] = header.trim().split(/\s+/, 2);
  if (scheme?.toLowerCase() === 'bearer') return same(value, secret);
  if (scheme?.toLowerCase() === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    return same(decoded.slice(decoded.indexOf(':') + 1), secret);
  }
  return false;
}

const allow = (): MqttHookAnswer => ({ result: 'allow', is_superuser: false });
const deny = (): MqttHookAnswer => ({ result: 'deny', is_superuser: false });

/**
 * Authentication: the server's own client (MQTT_USERNAME / MQTT_PASSWORD) or a bound
 * door unit (username = serial, password = its current secret, checked against the
 * hash). Wrong passwords are counted per caller; over the limit that caller is denied.
 */
export async function emqxAuthenticate(
  deps: { db: Db; config: Config; limiter: RateLimiter },
  i: { username: string; password: string; clientid?: string; peerhost?: string },
): Promise<MqttHookAnswer> {
  const { config, limiter } = deps;
  if (!i.username || !i.password) return deny();
  const caller = i.peerhost ? `peer:${keyPart(i.peerhost)}` : `client:${keyPart(i.clientid ?? '')}`;
  const key = `mqtt:auth:${caller}`;
  // Counted before the password is checked (a burst gets at most AUTH_FAILS_MAX checks); a right one gives its count back.
  if (!(await limiter.hit(key, AUTH_FAILS_MAX, AUTH_FAILS_WINDOW_SEC)).allowed) return deny();
  let ok = false;
  if (config.MQTT_USERNAME && config.MQTT_PASSWORD && i.username === config.MQTT_USERNAME) ok = same(i.password, config.MQTT_PASSWORD);
  else if (SERIAL_PATTERN.test(i.username) && i.username.length <= 150) ok = await verifyDeviceSecret(deps.db, i.username, i.password);
  if (!ok) return deny();
  await limiter.release(key);
  return allow();
}

/**
 * Authorization: a door unit publishes only on its own topics (UNIT_PUBLISHES: ack, event, status, heartbeat)
 * and subscribes only to its own `cmd` and `evack` (UNIT_SUBSCRIBES) and to its door's community's emergency
 * topic (`communityTopic`: a lockdown names accounts, so no other community's), while it is bound; the
 * server's client uses `<prefix>/dev/...`, shared subscriptions `$share/<group>/<prefix>/dev/...`, and
 * publishes under `<prefix>/community/`.
 */
export async function emqxAuthorize(
  deps: { db: Db; config: Config },
  i: { username: string; topic: string; action: string },
): Promise<MqttHookAnswer> {
  const prefix = deps.config.MQTT_TOPIC_PREFIX;
  const { username, topic, action } = i;
  if (!username || !topic || (action !== 'publish' && action !== 'subscribe')) return deny();
  if (deps.config.MQTT_USERNAME && username === deps.config.MQTT_USERNAME) {
    const base = `${prefix}/dev/`;
    if (topic.startsWith(base)) return allow();
    if (action === 'publish' && topic.startsWith(communityTopicRoot(prefix))) return allow();
    if (action === 'subscribe' && /^\$share\/[^/+#]+\//.test(topic) && topic.slice(topic.indexOf('/', 7) + 1).startsWith(base))
      return allow();
    return deny();
  }
  if (!SERIAL_PATTERN.test(username)) return deny();
  const own = (t: string) => `${prefix}/dev/${username}/${t}`;
  const fits = action === 'publish' ? UNIT_PUBLISHES.some((t) => topic === own(t)) : UNIT_SUBSCRIBES.some((t) => topic === own(t));
  const community = action === 'subscribe' && topic.startsWith(communityTopicRoot(prefix));
  if (!fits && !community) return deny();
  const bound = await deps.db
    .selectFrom('device')
    .innerJoin('address', 'address.id', 'device.address_id')
    .select('address.community_id')
    .where('device.serial', '=', username)
    .where('device.secret_hash', 'is not', null)
    .executeTakeFirst();
  if (!bound) return deny();
  return fits || topic === communityTopic(prefix, bound.community_id) ? allow() : deny();
}
