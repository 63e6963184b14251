import crypto from 'node:crypto';
import {
  ACCESS_TYPE,
  type AckMessage,
  type CmdMessage,
  type DeviceAlarmType,
  deviceTopic,
  type EventMessage,
  type StatusMessage,
} from '@gatehouse/contracts';
import mqtt from 'mqtt';
import { randomActivity } from './activity.ts';
import { checkQr, type QrVerdict } from './qr.ts';
import { DeviceState } from './state.ts';

export interface SimOptions {
  /** Broker URL, e.g. mqtt://127.0.0.1:1884. */
  url: string;
  serial: string;
  /** The device secret issued by the server (omit for a broker without authentication). */
  secret?: string;
  prefix?: string;
  /** Share of commands answered with a failure (0 to 1). */
  failureRate?: number;
  /** Delay before each ack, ms. */
  ackDelayMs?: number;
  /** Access events, calls, monitor sessions and punches per minute (0: none). */
  eventsPerMinute?: number;
  firmware?: string;
  random?: () => number;
  log?: (line: string) => void;
}

/** A door unit on the MQTT link, as docs/device-protocol.md describes it. */
export class SimulatedDevice {
  readonly serial: string;
  readonly state = new DeviceState();
  /** Every command received, duplicates included, in arrival order. */
  readonly received: CmdMessage[] = [];
  /** Events this unit sent. */
  readonly sent: EventMessage[] = [];
  failureRate: number;
  ackDelayMs: number;
  /** The last connection error (e.g. the broker refused the secret). */
  lastError: Error | null = null;
  private client: mqtt.MqttClient | null = null;
  private chain: Promise<void> = Promise.resolve();
  private activity: NodeJS.Timeout | null = null;
  private readonly rand: () => number;
  private readonly prefix: string;

  constructor(private readonly o: SimOptions) {
    this.serial = o.serial;
    this.prefix = o.prefix ?? 'gh';
    this.failureRate = o.failureRate ?? 0;
    this.ackDelayMs = o.ackDelayMs ?? 0;
    this.rand = o.random ?? Math.random;
  }

  private topic(t: 'cmd' | 'ack' | 'event' | 'status') {
    return deviceTopic(this.prefix, this.serial, t);
  }

  /** Connects (persistent session, last will "offline"), subscribes, says "online". */
  async start(): Promise<void> {
    const offline: StatusMessage = { online: false };
    const client = mqtt.connect(this.o.url, {
      clientId: `ghdev-${this.serial}`.slice(0, 64),
      username: this.o.secret === undefined ? undefined : this.serial,
      password: this.o.secret,
      clean: false,
      reconnectPeriod: 500,
      connectTimeout: 5000,
      will: { topic: this.topic('status'), payload: Buffer.from(JSON.stringify(offline)), qos: 1, retain: true },
    });
    this.client = client;
    client.on('message', (_t, payload) => this.onCommand(payload));
    client.on('offline', () => this.o.log?.(`${this.serial}: offline`));
    client.on('reconnect', () => this.o.log?.(`${this.serial}: reconnecting`));
    client.on('error', (e) => {
      this.lastError = e;
      this.o.log?.(`${this.serial}: ${e.message}`);
    });
    client.on('connect', () => {
      this.onConnect().catch((e: unknown) => this.o.log?.(`${this.serial}: ${String(e)}`));
    });
    await new Promise<void>((resolve, reject) => {
      const fail = (e: Error) => {
        clearTimeout(timer);
        client.end(true);
        this.client = null;
        reject(e);
      };
      const timer = setTimeout(() => fail(new Error(`${this.serial}: no connection to ${this.o.url}`)), 10_000);
      client.once('connect', () => {
        clearTimeout(timer);
        client.off('error', fail);
        resolve();
      });
      client.once('error', fail);
    });
    if (this.o.eventsPerMinute) this.startActivity(this.o.eventsPerMinute);
  }

  private async onConnect(): Promise<void> {
    const c = this.client;
    if (!c) return;
    await c.subscribeAsync(this.topic('cmd'), { qos: 1 });
    const status: StatusMessage = { online: true, firmware: this.o.firmware ?? 'gatehouse-sim/1.0', applied: this.state.applied.length };
    await c.publishAsync(this.topic('status'), JSON.stringify(status), { qos: 1, retain: true });
  }

  connected(): boolean {
    return this.client?.connected ?? false;
  }

  /** Commands are handled one at a time, in arrival order. */
  private onCommand(payload: Buffer): void {
    let cmd: CmdMessage;
    try {
      cmd = JSON.parse(payload.toString('utf8')) as CmdMessage;
    } catch {
      return;
    }
    if (!Number.isSafeInteger(cmd.id)) return;
    this.received.push(cmd);
    this.chain = this.chain.then(() => this.handle(cmd)).catch((e: unknown) => this.o.log?.(`${this.serial}: ${String(e)}`));
  }

  private async handle(cmd: CmdMessage): Promise<void> {
    let ack: AckMessage;
    if (this.state.has(cmd.id)) {
      ack = { id: cmd.id, ok: true, info: 'already applied' };
    } else if (this.rand() < this.failureRate) {
      ack = { id: cmd.id, ok: false, info: 'simulated failure' };
    } else {
      try {
        this.state.apply(cmd);
        ack = { id: cmd.id, ok: true };
      } catch (e) {
        ack = { id: cmd.id, ok: false, info: e instanceof Error ? e.message : String(e) };
      }
    }
    if (this.ackDelayMs > 0) await new Promise((r) => setTimeout(r, this.ackDelayMs));
    await this.client?.publishAsync(this.topic('ack'), JSON.stringify(ack), { qos: 1 });
  }

  /** Resolves when the commands received so far are answered. */
  async settled(): Promise<void> {
    await this.chain;
  }

  /** Waits until a condition on the unit holds. */
  async waitFor(pred: (d: SimulatedDevice) => boolean, timeoutMs = 10_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (!pred(this)) {
      if (Date.now() > end) throw new Error(`${this.serial}: condition not met within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Publishes an event (QoS 1). */
  async emit(e: EventMessage): Promise<void> {
    this.sent.push(e);
    await this.client?.publishAsync(this.topic('event'), JSON.stringify(e), { qos: 1 });
  }

  /** The unit raises an alarm (door forced open, held open, tamper, duress button). */
  async raiseAlarm(alarmType: DeviceAlarmType, now = new Date()): Promise<EventMessage> {
    const e: EventMessage = { kind: 'alarm', eid: crypto.randomUUID(), time: now.toISOString(), alarmType };
    await this.emit(e);
    return e;
  }

  /** A visitor shows a QR code: checked offline, the door opens or not, an access event follows. */
  async scanQr(text: string, now = new Date()): Promise<QrVerdict> {
    const v = checkQr(text, this.state.qrKey, this.serial, this.state.qrOpens, now);
    await this.emit({
      kind: 'access',
      eid: crypto.randomUUID(),
      time: now.toISOString(),
      type: ACCESS_TYPE.qrcode,
      result: v.result,
      qrId: v.qrId,
    });
    return v;
  }

  startActivity(perMinute: number): void {
    this.stopActivity();
    const every = Math.max(50, 60_000 / perMinute);
    this.activity = setInterval(() => {
      if (this.connected()) this.emit(randomActivity(this.state, this.rand)).catch(() => {});
    }, every);
    this.activity.unref();
  }

  stopActivity(): void {
    if (this.activity) clearInterval(this.activity);
    this.activity = null;
  }

  /** Goes offline cleanly: "offline" status, then DISCONNECT (the session stays at the broker). */
  async stop(): Promise<void> {
    this.stopActivity();
    const c = this.client;
    this.client = null;
    if (!c) return;
    if (!c.connected) {
      // Not connected (e.g. refused and retrying): nothing to say goodbye to.
      await c.endAsync(true);
      return;
    }
    const bye = (async () => {
      await c.publishAsync(this.topic('status'), JSON.stringify({ online: false }), { qos: 1, retain: true }).catch(() => {});
      await c.endAsync();
    })();
    // A broker that stops answering must not keep the unit from stopping.
    const late = new Promise<'late'>((r) => setTimeout(() => r('late'), 3000).unref());
    if ((await Promise.race([bye.then(() => 'ok' as const), late])) === 'late') await c.endAsync(true);
  }

  /** Loses the network: the socket drops without DISCONNECT, so the broker sends the last will. */
  async kill(): Promise<void> {
    this.stopActivity();
    const c = this.client;
    this.client = null;
    if (!c) return;
    c.stream.destroy();
    await c.endAsync(true);
  }
}

/** Starts a simulated door unit and waits until it is connected. */
export async function startSimulatedDevice(o: SimOptions): Promise<SimulatedDevice> {
  const d = new SimulatedDevice(o);
  await d.start();
  return d;
}
