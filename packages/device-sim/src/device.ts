import crypto from 'node:crypto';
import {
  ACCESS_RESULT,
  ACCESS_TYPE,
  type AckMessage,
  CMD_KIND,
  CARD_MODE,
  type CmdMessage,
  type DeviceAlarmType,
  deviceTopic,
  type EventMessage,
  evackMessage,
  type StatusMessage,
} from '@gatehouse/contracts';
import mqtt from 'mqtt';
import { randomActivity } from './activity.ts';
import { ackInfo, emergencyVerdict, remoteOpenEvent } from './emergency.ts';
import { CommunityFollow } from './community-follow.ts';
import { firstConnect } from './first-connect.ts';
import { Heartbeat } from './heartbeat.ts';
import { checkQr, type QrVerdict } from './qr.ts';
import { type CardVerdict, cardVerdict, faceVerdict, type LiftFloors, liftFloors } from './schedule.ts';
import { DeviceState } from './state.ts';
import { commandIn, jsonIn } from './wire-in.ts';

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
  /** Card numbers the unit holds but its random activity never presents (cards nobody uses). */
  idleCards?: readonly string[];
  firmware?: string;
  /** Heartbeat period, ms (default 60 s; 0: only when `heartbeat.beat()` is called). */
  heartbeatMs?: number;
  random?: () => number;
  log?: (line: string) => void;
  /** The unit's clock (default: the real time); a test may also set it with `setClock`. */
  clock?: () => Date;
  /**
   * An event the server has not confirmed on `evack` within this is published again (ms, default 5,000;
   * 0: the unit does not subscribe to `evack` and sends each event once, as older units do).
   */
  redeliverMs?: number;
}

/** A door unit on the MQTT link, as docs/device-protocol.md describes it. */
export class SimulatedDevice {
  readonly serial: string;
  readonly state = new DeviceState();
  /** Every command received, duplicates included, in arrival order. */
  readonly received: CmdMessage[] = [];
  /** The next this many commands are received but never answered (a lost ack, for lease tests). */
  ignore = 0;
  /** Commands this matches are received but never answered; it is dropped after its first match. */
  ignoreOnce: ((cmd: CmdMessage) => boolean) | null = null;
  /** Commands received again with an id already seen (a command delivered twice). */
  duplicates = 0;
  private readonly seenIds = new Set<number>();
  /** Events this unit sent. */
  readonly sent: EventMessage[] = [];
  /**
   * Events sent and not yet confirmed on `evack`, by eid, with when they were last published and how long to
   * wait before the next time (redeliverMs, doubled after each re-send up to 4 × redeliverMs).
   */
  readonly unconfirmed = new Map<string, { e: EventMessage; at: number; wait: number }>();
  /** Events published again because no confirmation came in time. */
  redelivered = 0;
  /** Its community's emergency broadcast (protocol §10). */
  private readonly community: CommunityFollow;
  /** Community broadcasts of an emergency mode received, and applied. */
  readonly broadcasts: CommunityFollow['counts'];
  private redeliver: NodeJS.Timeout | null = null;
  failureRate: number;
  ackDelayMs: number;
  /** The last connection error (e.g. the broker refused the secret). */
  lastError: Error | null = null;
  private client: mqtt.MqttClient | null = null;
  private chain: Promise<void> = Promise.resolve();
  private activity: NodeJS.Timeout | null = null;
  private readonly idleCards: ReadonlySet<string>;
  private readonly rand: () => number;
  private readonly prefix: string;
  /** Firmware, uptime and free storage, sent while connected (heartbeat.ts). */
  readonly heartbeat: Heartbeat;
  private clock: () => Date;

  constructor(private readonly o: SimOptions) {
    this.serial = o.serial;
    this.prefix = o.prefix ?? 'gh';
    this.failureRate = o.failureRate ?? 0;
    this.ackDelayMs = o.ackDelayMs ?? 0;
    this.idleCards = new Set(o.idleCards ?? []);
    this.rand = o.random ?? Math.random;
    this.community = new CommunityFollow(this.prefix, (line) => this.o.log?.(`${this.serial}: ${line}`));
    this.broadcasts = this.community.counts;
    this.heartbeat = new Heartbeat(
      async (p) => void (await this.client?.publishAsync(deviceTopic(this.prefix, this.serial, 'heartbeat'), p, { qos: 1 })),
      () => this.state.cards.size + this.state.faces.size,
      { everyMs: o.heartbeatMs, firmware: o.firmware },
    );
    this.clock = o.clock ?? (() => new Date());
  }

  /** The unit's own time (what it judges validity and schedules by). */
  now(): Date {
    return this.clock();
  }

  /** Sets the unit's clock to a fixed instant (tests), or back to the real time (null). */
  setClock(at: Date | null): void {
    this.clock = at ? () => new Date(at.getTime()) : (this.o.clock ?? (() => new Date()));
  }

  private topic(t: 'cmd' | 'ack' | 'event' | 'status' | 'evack') {
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
    client.on('message', (t, payload) => {
      if (t === this.topic('evack')) this.onEvack(payload);
      else if (this.community.isBroadcast(t)) this.onBroadcast(payload);
      else this.onCommand(payload);
    });
    client.on('offline', () => this.o.log?.(`${this.serial}: offline`));
    client.on('reconnect', () => this.o.log?.(`${this.serial}: reconnecting`));
    client.on('error', (e) => {
      this.lastError = e;
      this.o.log?.(`${this.serial}: ${e.message}`);
    });
    client.on('connect', () => {
      this.onConnect().catch((e: unknown) => this.o.log?.(`${this.serial}: ${String(e)}`));
    });
    try {
      await firstConnect(client, `${this.serial}: no connection to ${this.o.url}`);
    } catch (e) {
      this.client = null;
      throw e;
    }
    if (this.o.eventsPerMinute) this.startActivity(this.o.eventsPerMinute);
  }

  private async onConnect(): Promise<void> {
    const c = this.client;
    if (!c) return;
    const redeliverMs = this.o.redeliverMs ?? 5000;
    await c.subscribeAsync(redeliverMs > 0 ? [this.topic('cmd'), this.topic('evack')] : this.topic('cmd'), { qos: 1 });
    this.community.reset();
    void this.community.follow(c, this.state.profile?.communityId);
    if (redeliverMs > 0 && !this.redeliver) {
      this.redeliver = setInterval(() => this.sendUnconfirmed(redeliverMs * 4), Math.max(50, Math.floor(redeliverMs / 4)));
      this.redeliver.unref();
    }
    const status: StatusMessage = { online: true, firmware: this.o.firmware ?? 'gatehouse-sim/1.0', applied: this.state.applied.length };
    await c.publishAsync(this.topic('status'), JSON.stringify(status), { qos: 1, retain: true });
    this.heartbeat.start();
  }

  /** The community whose emergency broadcast the broker let the unit follow (null: none yet). */
  get followedCommunity(): number | null {
    return this.community.subscribed;
  }

  connected(): boolean {
    return this.client?.connected ?? false;
  }

  /** A community broadcast of an emergency mode: applied in order with the commands, never answered. */
  private onBroadcast(payload: Buffer): void {
    const apply = this.community.receive(payload, this.state);
    if (apply) this.chain = this.chain.then(apply);
  }

  /** Commands are handled one at a time, in arrival order. */
  private onCommand(payload: Buffer): void {
    const cmd = commandIn(payload);
    if (!cmd) return;
    if (this.seenIds.has(cmd.id)) this.duplicates++;
    else this.seenIds.add(cmd.id);
    this.received.push(cmd);
    if (this.ignore > 0) {
      this.ignore--;
      return;
    }
    if (this.ignoreOnce?.(cmd)) {
      this.ignoreOnce = null;
      return;
    }
    this.chain = this.chain.then(() => this.handle(cmd)).catch((e: unknown) => this.o.log?.(`${this.serial}: ${String(e)}`));
  }

  private async handle(cmd: CmdMessage): Promise<void> {
    let ack: AckMessage;
    if (this.state.has(cmd.id)) {
      ack = { id: cmd.id, ok: true, info: 'already applied' };
    } else if (this.state.superseded(cmd)) {
      ack = { id: cmd.id, ok: true, info: 'superseded' };
    } else if (this.rand() < this.failureRate) {
      ack = { id: cmd.id, ok: false, info: 'simulated failure' };
    } else {
      try {
        this.state.apply(cmd);
        ack = { id: cmd.id, ok: true, info: ackInfo(this.state, cmd) };
        if (cmd.kind === CMD_KIND.profile) void this.community.follow(this.client, this.state.profile?.communityId);
        if (cmd.kind === CMD_KIND.doorOpen) await this.emit(remoteOpenEvent(cmd.payload));
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

  /** Publishes an event (QoS 1), kept until the server confirms it on `evack`. */
  async emit(e: EventMessage): Promise<void> {
    this.sent.push(e);
    const redeliverMs = this.o.redeliverMs ?? 5000;
    if (redeliverMs > 0) this.unconfirmed.set(e.eid, { e, at: Date.now(), wait: redeliverMs });
    await this.client?.publishAsync(this.topic('event'), JSON.stringify(e), { qos: 1 });
  }

  /** The server stored these events: forget them. */
  private onEvack(payload: Buffer): void {
    const read = evackMessage.safeParse(jsonIn(payload));
    if (read.success) for (const eid of read.data.eids) this.unconfirmed.delete(eid);
  }

  /**
   * Publishes again, unchanged, the events not confirmed within their wait (while connected); each re-send
   * doubles the event's wait, up to `maxWaitMs`, so a server draining a backlog is not flooded with repeats.
   */
  private sendUnconfirmed(maxWaitMs: number): void {
    const c = this.client;
    if (!c?.connected) return;
    const now = Date.now();
    for (const u of this.unconfirmed.values()) {
      if (now - u.at < u.wait) continue;
      u.at = now;
      u.wait = Math.min(u.wait * 2, maxWaitMs);
      this.redelivered++;
      c.publishAsync(this.topic('event'), JSON.stringify(u.e), { qos: 1 }).catch(() => {});
    }
  }

  /** The unit raises an alarm (door forced open, held open, tamper, duress button). */
  async raiseAlarm(alarmType: DeviceAlarmType, now = new Date()): Promise<EventMessage> {
    const e: EventMessage = { kind: 'alarm', eid: crypto.randomUUID(), time: now.toISOString(), alarmType };
    await this.emit(e);
    return e;
  }

  /**
   * A card is shown: decided offline — the emergency mode first (emergency.ts), then the card
   * (known, enabled, valid now, inside its schedules by the unit's clock); the door opens or
   * not and an access event follows (a refusal with its reason). Answers the verdict and the event's id and type.
   */
  async presentCard(cardNo: string, now = this.now()): Promise<CardVerdict & { eid: string; type: number }> {
    const v = emergencyVerdict(this.state, cardNo) ?? cardVerdict(this.state, cardNo, now);
    const eid = crypto.randomUUID();
    const type = v.card || v.result === ACCESS_RESULT.ok ? ACCESS_TYPE.card : ACCESS_TYPE.invalidCard;
    await this.emit({
      kind: 'access',
      eid,
      time: now.toISOString(),
      type,
      result: v.result,
      account: v.card?.account,
      userName: v.card?.userName,
      cardNum: cardNo.slice(0, 20),
      cardMode: v.card?.cardMode === 'id' ? CARD_MODE.id : CARD_MODE.ic,
      ...(v.reason ? { reason: v.reason } : {}),
    });
    return { ...v, eid, type };
  }

  /** A face is recognised (by its face id): decided offline like a card (status, schedules); an access event follows. */
  async presentFace(faceId: number, now = this.now()): Promise<{ result: number; reason?: string }> {
    const v = faceVerdict(this.state, String(faceId), now);
    await this.emit({
      kind: 'access',
      eid: crypto.randomUUID(),
      time: now.toISOString(),
      type: v.face ? ACCESS_TYPE.face : ACCESS_TYPE.unknownFace,
      result: v.result,
      account: v.face?.account,
      userName: v.face?.userName,
      ...(v.reason ? { reason: v.reason } : {}),
    });
    return { result: v.result, ...(v.reason ? { reason: v.reason } : {}) };
  }

  /** A visitor shows a QR code: checked offline (its own unit, or one of the unit's groups within its schedule), the door opens or not, an access event follows. */
  async scanQr(text: string, now = this.now()): Promise<QrVerdict> {
    const { groups, schedules, holidays, qrRevoked: revoked } = this.state;
    const v = checkQr(text, this.state.qrKey, this.serial, this.state.qrOpens, now, { groups, schedules, holidays, revoked });
    await this.emit({
      kind: 'access',
      eid: crypto.randomUUID(),
      time: now.toISOString(),
      type: ACCESS_TYPE.qrcode,
      result: v.result,
      qrId: v.qrId,
      ...(v.reason ? { reason: v.reason } : {}),
    });
    return v;
  }

  /** The lift floors a card (by number) or face (by id) releases now on this unit (its lift file, by the unit's clock). */
  liftFloors(holder: { cardNo: string } | { faceId: number }, now = this.now()): LiftFloors {
    return liftFloors(this.state, holder, now);
  }

  startActivity(perMinute: number): void {
    this.stopActivity();
    const every = Math.max(50, 60_000 / perMinute);
    this.activity = setInterval(() => {
      if (this.connected()) this.emit(randomActivity(this.state, this.rand, this.now(), this.idleCards)).catch(() => {});
    }, every);
    this.activity.unref();
  }

  stopActivity(): void {
    if (this.activity) clearInterval(this.activity);
    this.activity = null;
  }

  /** Stops the unit's own activity and heartbeat and lets go of its connection (answered, to close). */
  private letGo() {
    this.stopActivity();
    if (this.redeliver) clearInterval(this.redeliver);
    this.redeliver = null;
    this.heartbeat.stop();
    const c = this.client;
    this.client = null;
    return c;
  }

  /** Goes offline cleanly: "offline" status, then DISCONNECT (the session stays at the broker). */
  async stop(): Promise<void> {
    const c = this.letGo();
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
    const c = this.letGo();
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
