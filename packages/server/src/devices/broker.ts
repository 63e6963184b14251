import crypto from 'node:crypto';
import net from 'node:net';
import { communityTopic, communityTopicRoot, SERIAL_PATTERN, UNIT_PUBLISHES, UNIT_SUBSCRIBES } from '@gatehouse/contracts';
import { Aedes, type AuthenticateError, type Client } from 'aedes';

/** How the embedded broker checks who connects (devices/secrets.ts does the device part). */
export interface BrokerAuth {
  prefix: string;
  /** Checks a device's serial (username) and secret (password). */
  verifyDevice(serial: string, secret: string): Promise<boolean>;
  /**
   * The community of the bound device's door unit (null: not bound). Read at every SUBSCRIBE to the
   * community topic, so a unit moved to another community reads only its new community's broadcast.
   */
  communityOf(serial: string): Promise<number | null>;
}

export interface EmbeddedBroker {
  broker: Aedes;
  server: net.Server;
  port: number;
  /** The credential of the server's own client (in-process only, new at every start). */
  serverUser: string;
  serverPassword: string;
  /** Closes every connection authenticated as this serial. */
  disconnect(serial: string): void;
  close(): Promise<void>;
}

/** The server's username: never a valid serial (SERIAL_PATTERN has no '$'). */
export const SERVER_USER = '$gatehouse';

type Identity = { kind: 'server' } | { kind: 'device'; serial: string };

function authError(): AuthenticateError {
  const e = new Error('bad username or password') as AuthenticateError;
  e.returnCode = 4;
  return e;
}

/**
 * Starts the embedded MQTT broker (aedes) on a TCP port. Devices sign in with their
 * serial and secret and may use only their own topics: publish on
 * `<prefix>/dev/<serial>/{ack,event,status,heartbeat}`, subscribe to `<prefix>/dev/<serial>/{cmd,evack}`
 * and to their own community's emergency topic (`communityTopic`; the lockdown names accounts, so no
 * other community's), which only the server publishes on.
 */
export async function startEmbeddedBroker(port: number, auth: BrokerAuth, host = '0.0.0.0'): Promise<EmbeddedBroker> {
  const serverPassword = crypto.randomBytes(24).toString('base64url');
  const serverPwHash = crypto.createHash('sha256').update(serverPassword).digest();
  const who = new WeakMap<Client, Identity>();
  const bySerial = new Map<string, Set<Client>>();
  const own = (serial: string, t: string) => `${auth.prefix}/dev/${serial}/${t}`;

  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      const pw = password?.toString('utf8') ?? '';
      if (username === SERVER_USER) {
        const ok = crypto.timingSafeEqual(crypto.createHash('sha256').update(pw).digest(), serverPwHash);
        if (ok) who.set(client, { kind: 'server' });
        return ok ? done(null, true) : done(authError(), false);
      }
      if (!username || !SERIAL_PATTERN.test(username) || username.length > 150) return done(authError(), false);
      auth.verifyDevice(username, pw).then(
        (ok) => {
          if (!ok) return done(authError(), false);
          who.set(client, { kind: 'device', serial: username });
          const set = bySerial.get(username) ?? new Set<Client>();
          set.add(client);
          bySerial.set(username, set);
          done(null, true);
        },
        () => done(authError(), false),
      );
    },
    authorizePublish(client, packet, done) {
      if (!client) return done(null);
      const id = who.get(client);
      if (id?.kind === 'server') return done(null);
      if (id?.kind === 'device' && UNIT_PUBLISHES.some((t) => packet.topic === own(id.serial, t))) return done(null);
      done(new Error(`publish to ${packet.topic} refused`));
    },
    authorizeSubscribe(client, sub, done) {
      const id = who.get(client);
      if (id?.kind === 'server') return done(null, sub);
      if (id?.kind !== 'device') return done(null, null);
      if (UNIT_SUBSCRIBES.some((t) => sub.topic === own(id.serial, t))) return done(null, sub);
      if (!sub.topic.startsWith(communityTopicRoot(auth.prefix))) return done(null, null);
      auth.communityOf(id.serial).then(
        (c) => done(null, c !== null && sub.topic === communityTopic(auth.prefix, c) ? sub : null),
        () => done(null, null),
      );
    },
  });
  broker.on('clientDisconnect', (client) => {
    const id = who.get(client);
    if (id?.kind === 'device') bySerial.get(id.serial)?.delete(client);
  });

  const server = net.createServer(broker.handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const addr = server.address();
  return {
    broker,
    server,
    port: typeof addr === 'object' && addr ? addr.port : port,
    serverUser: SERVER_USER,
    serverPassword,
    disconnect(serial) {
      for (const c of bySerial.get(serial) ?? []) c.close();
      bySerial.delete(serial);
    },
    async close() {
      await new Promise<void>((r) => broker.close(() => r()));
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
