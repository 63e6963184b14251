import crypto from 'node:crypto';
import pg from 'pg';
import type { CallerCache } from './caller-cache.ts';

/** The NOTIFY channel of caller changes (migration 0005's triggers) and of the instances' beats, barriers and acks. */
export const CALLERS_CHANNEL = 'gh_callers';

type Barrier = { pending: Set<string> | null; resolve: () => void };

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)));

/**
 * What lets an instance on PostgreSQL answer who is calling from its own memory and still see a
 * revocation, a withdrawn grant or a changed scope made through any instance on the very next request.
 *
 * - **Changes.** A write to what decides a caller fires a trigger that notifies `gh_callers`
 *   ('change'); every instance drops what it kept when the notification arrives.
 * - **The lease.** Every `leaseMs / 4` an instance notifies a beat of its own. PostgreSQL delivers
 *   notifications in commit order, so when its own beat comes back, every change committed before
 *   the beat was sent has arrived first. The instance trusts what it kept only until `leaseMs` after
 *   sending the last beat that came back (`fresh`); a lost connection, a stalled process or a slow
 *   database leaves it untrusted, and callers are read from the database again.
 * - **The writer waits.** A request that wrote what may decide a caller answers only after `settle`:
 *   it notifies a barrier; each other instance answers it with an ack once it has taken in every
 *   notification before it (the change among them). The writer waits for the acks of the instances
 *   whose beats it has seen in the last two leases, or for `leaseMs` after the barrier, whichever
 *   comes first. An instance that did not ack in time cannot trust anything kept before the change
 *   any more: its last beat is older than the change by then. So the next request sees the change,
 *   whichever instance takes it.
 */
export class CallerWatch {
  /** This instance on the channel (random: two processes never share it). */
  readonly id = crypto.randomBytes(6).toString('hex');
  #client: pg.Client | null = null;
  #closed = false;
  #retry: NodeJS.Timeout | null = null;
  #beats: NodeJS.Timeout | null = null;
  #sending: Promise<unknown> = Promise.resolve();
  #freshUntil = 0;
  #beatSeq = 0;
  #beatsSent = new Map<number, number>();
  #peers = new Map<string, number>();
  #barrierSeq = 0;
  #barriers = new Map<number, Barrier>();

  constructor(
    private readonly url: string,
    private readonly cache: CallerCache,
    readonly leaseMs: number,
    private readonly onError: (e: unknown) => void,
  ) {}

  /** Connects, listens and waits for its first beat to come back, so the instance starts trusted. */
  async start(): Promise<void> {
    await this.#connect();
    this.#beats = setInterval(() => this.#beat(), Math.max(1, Math.floor(this.leaseMs / 4)));
    this.#beats.unref();
    const until = performance.now() + this.leaseMs;
    while (!this.fresh() && performance.now() < until && this.#client) await sleep(2);
  }

  /** Whether what this instance kept answers for the database now. */
  fresh(): boolean {
    return performance.now() < this.#freshUntil;
  }

  /** Resolves once every instance has taken in the changes this instance committed so far (see the class). */
  async settle(): Promise<void> {
    const client = this.#client;
    if (!client) return sleep(this.leaseMs);
    const seq = ++this.#barrierSeq;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      this.#barriers.set(seq, { pending: null, resolve });
      timer = setTimeout(resolve, this.leaseMs);
      this.#notify(client, `barrier:${this.id}:${seq}`);
    });
    clearTimeout(timer);
    this.#barriers.delete(seq);
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#beats) clearInterval(this.#beats);
    if (this.#retry) clearTimeout(this.#retry);
    this.#freshUntil = 0;
    const c = this.#client;
    this.#client = null;
    await c?.end().catch(() => {});
  }

  /** One notification after another on the LISTEN connection (a client runs one query at a time). */
  #notify(c: pg.Client, payload: string): void {
    this.#sending = this.#sending.then(() => c.query('select pg_notify($1, $2)', [CALLERS_CHANNEL, payload])).catch(this.onError);
  }

  #beat(): void {
    const c = this.#client;
    if (!c) return;
    const seq = ++this.#beatSeq;
    const now = performance.now();
    this.#beatsSent.set(seq, now);
    for (const [id, seen] of this.#peers) if (now - seen >= 2 * this.leaseMs) this.#peers.delete(id);
    this.#notify(c, `beat:${this.id}:${seq}`);
  }

  #heard(payload: string): void {
    const [kind, from = '', seqText = '', acker = ''] = payload.split(':');
    const seq = Number(seqText);
    const now = performance.now();
    if (kind === 'change') {
      this.cache.dropAll();
    } else if (kind === 'beat') {
      if (from !== this.id) {
        this.#peers.set(from, now);
        return;
      }
      const sentAt = this.#beatsSent.get(seq);
      for (const s of this.#beatsSent.keys()) if (s <= seq) this.#beatsSent.delete(s);
      if (sentAt !== undefined) this.#freshUntil = Math.max(this.#freshUntil, sentAt + this.leaseMs);
    } else if (kind === 'barrier') {
      if (from !== this.id) {
        if (this.#client) this.#notify(this.#client, `ack:${from}:${seqText}:${this.id}`);
        return;
      }
      const b = this.#barriers.get(seq);
      if (!b) return;
      // Every notification committed before the barrier is in: the peers now are those to wait for.
      b.pending = new Set([...this.#peers].filter(([, seen]) => now - seen < 2 * this.leaseMs).map(([id]) => id));
      if (b.pending.size === 0) b.resolve();
    } else if (kind === 'ack' && from === this.id) {
      const b = this.#barriers.get(seq);
      b?.pending?.delete(acker);
      if (b?.pending?.size === 0) b.resolve();
    }
  }

  /** A connection of its own for LISTEN; after a loss the instance is untrusted until it is back and has beaten. */
  async #connect(): Promise<void> {
    const c = new pg.Client({ connectionString: this.url, application_name: 'gatehouse-callers' });
    c.on('notification', (n) => this.#heard(n.payload ?? ''));
    const lost = (e?: unknown) => {
      if (e) this.onError(e);
      if (this.#client !== c) return;
      this.#client = null;
      this.#freshUntil = 0;
      this.#beatsSent.clear();
      this.cache.dropAll();
      this.#scheduleRetry();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    await c.connect();
    await c.query(`listen ${CALLERS_CHANNEL}`);
    if (this.#closed) {
      await c.end();
      return;
    }
    this.#client = c;
    this.#beat();
  }

  #scheduleRetry(): void {
    if (this.#closed || this.#retry) return;
    this.#retry = setTimeout(() => {
      this.#retry = null;
      this.#connect().catch((e) => {
        this.onError(e);
        this.#scheduleRetry();
      });
    }, 1000);
    this.#retry.unref();
  }
}
