import crypto from 'node:crypto';
import mqtt from 'mqtt';

/** One command of Mosquitto's dynamic-security API (`$CONTROL/dynamic-security/v1`). */
export interface DynsecCommand {
  command: string;
  [field: string]: unknown;
}

export interface DynsecResponse {
  command: string;
  error?: string;
  data?: Record<string, unknown>;
}

export interface DynsecAcl {
  acltype: string;
  topic: string;
  allow: boolean;
  priority?: number;
}

export interface DynsecClientEntry {
  username: string;
  textname?: string;
  textdescription?: string;
  disabled?: boolean;
  roles?: { rolename: string }[];
}

export interface DynsecRoleEntry {
  rolename: string;
  acls?: DynsecAcl[];
}

const TOPIC = '$CONTROL/dynamic-security/v1';

/**
 * A connection to Mosquitto's dynamic-security plugin as its admin client: commands go
 * out as JSON on `$CONTROL/dynamic-security/v1` and each answer is matched by its
 * correlationData on `.../response`.
 */
export class Dynsec {
  private readonly waiting = new Map<string, { resolve: (r: DynsecResponse) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();

  private constructor(
    readonly client: mqtt.MqttClient,
    private readonly timeoutMs: number,
  ) {
    client.on('message', (topic, payload) => {
      if (topic !== `${TOPIC}/response`) return;
      let body: { responses?: (DynsecResponse & { correlationData?: string })[] };
      try {
        body = JSON.parse(payload.toString('utf8'));
      } catch {
        return;
      }
      for (const r of body.responses ?? []) {
        const w = r.correlationData ? this.waiting.get(r.correlationData) : undefined;
        if (!w || !r.correlationData) continue;
        this.waiting.delete(r.correlationData);
        clearTimeout(w.timer);
        w.resolve(r);
      }
    });
    client.on('close', () => this.failAll(new Error('connection to the broker closed')));
  }

  /** Connects as the admin; keeps reconnecting in the background once connected. */
  static async connect(o: { url: string; username: string; password: string; clientId: string; timeoutMs?: number }): Promise<Dynsec> {
    const client = await mqtt.connectAsync(o.url, {
      username: o.username,
      password: o.password,
      clientId: o.clientId,
      clean: true,
      reconnectPeriod: 2000,
      connectTimeout: 5000,
    });
    const d = new Dynsec(client, o.timeoutMs ?? 10_000);
    client.on('connect', () => {
      client.subscribeAsync(`${TOPIC}/response`, { qos: 1 }).catch(() => {});
    });
    client.on('error', () => {});
    await client.subscribeAsync(`${TOPIC}/response`, { qos: 1 });
    return d;
  }

  connected(): boolean {
    return this.client.connected;
  }

  /** Sends commands in one message and answers their responses in the same order. */
  async run(commands: DynsecCommand[]): Promise<DynsecResponse[]> {
    if (!commands.length) return [];
    if (!this.client.connected) throw new Error('broker not connected');
    const tagged = commands.map((c) => ({ ...c, correlationData: crypto.randomBytes(9).toString('base64url') }));
    // The plugin works through a message's commands one by one (and saves its file after changes): allow time per command.
    const timeoutMs = this.timeoutMs + 100 * tagged.length;
    const answers = tagged.map(
      (c) =>
        new Promise<DynsecResponse>((resolve, reject) => {
          const timer = setTimeout(() => {
            this.waiting.delete(c.correlationData);
            reject(new Error(`dynamic-security ${c.command}: no answer within ${timeoutMs} ms`));
          }, timeoutMs);
          this.waiting.set(c.correlationData, { resolve, reject, timer });
        }),
    );
    try {
      await this.client.publishAsync(TOPIC, JSON.stringify({ commands: tagged }), { qos: 1 });
    } catch (e) {
      for (const c of tagged) {
        const w = this.waiting.get(c.correlationData);
        if (w) {
          clearTimeout(w.timer);
          this.waiting.delete(c.correlationData);
          w.resolve({ command: c.command, error: 'not sent' });
        }
      }
      await Promise.allSettled(answers);
      throw e;
    }
    // Every answer settles (a timeout rejects them all alike); report the first failure once.
    const settled = await Promise.allSettled(answers);
    const failed = settled.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    return settled.map((r) => (r as PromiseFulfilledResult<DynsecResponse>).value);
  }

  /** Runs one command; an error answer throws unless it is one of `tolerated`. */
  async one(command: DynsecCommand, tolerated: string[] = []): Promise<DynsecResponse> {
    const [r] = await this.run([command]);
    if (!r) throw new Error(`dynamic-security ${command.command}: no answer`);
    if (r.error && !tolerated.includes(r.error)) throw new Error(`dynamic-security ${command.command}: ${r.error}`);
    return r;
  }

  async listClients(): Promise<DynsecClientEntry[]> {
    const r = await this.one({ command: 'listClients', verbose: true, count: -1, offset: 0 });
    return ((r.data?.clients as DynsecClientEntry[] | undefined) ?? []).filter((c) => typeof c === 'object');
  }

  async listRoles(): Promise<DynsecRoleEntry[]> {
    const r = await this.one({ command: 'listRoles', verbose: true, count: -1, offset: 0 });
    return ((r.data?.roles as DynsecRoleEntry[] | undefined) ?? []).filter((c) => typeof c === 'object');
  }

  async close(): Promise<void> {
    this.failAll(new Error('closed'));
    await this.client.endAsync(true);
  }

  private failAll(e: Error) {
    for (const [id, w] of this.waiting) {
      clearTimeout(w.timer);
      w.reject(e);
      this.waiting.delete(id);
    }
  }
}
