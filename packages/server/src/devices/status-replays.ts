import { statusMessage } from '@gatehouse/contracts';
import type { Db } from '../db/index.ts';
import { anyText } from '../db/sql.ts';

/** Replays gathered before they are compared with the stored state (one read a batch). */
const BATCH_MS = 20;

/**
 * The broker's retained status copies, handed to an instance when it subscribes: every unit's at once
 * when an instance starts (Mosquitto 2 hands them to shared subscriptions too). Most say what is stored
 * already, so they are compared with the device rows in one read a batch, and only those that differ
 * (a unit that went offline or came back while no instance was there) are applied, through `apply`
 * (the unit's status path, in its order). A replay overtaken by a status the unit sent since is dropped.
 */
export class StatusReplays {
  private pending = new Map<string, unknown>();
  private inFlight = new Set<string>();
  private readonly overtaken = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly apply: (serial: string, body: unknown) => Promise<void>,
    private readonly onError: (e: unknown) => void,
  ) {}

  /** A retained copy of a unit's status: compared with the stored state shortly. */
  add(serial: string, body: unknown): void {
    this.pending.set(serial, body);
    if (this.timer) return;
    this.timer = setTimeout(() => this.take(), BATCH_MS);
  }

  /** The unit sent a status of its own: a replay of it still waiting is older. */
  live(serial: string): void {
    this.pending.delete(serial);
    if (this.inFlight.has(serial)) this.overtaken.add(serial);
  }

  /** Resolves once the replays received so far are compared and the differing ones applied. */
  async idle(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.take();
    }
    await this.running;
  }

  /** Takes what waits as one batch, compared after the batches before it. */
  private take(): void {
    this.timer = null;
    const batch = this.pending;
    this.pending = new Map();
    this.running = this.running.then(() => this.reconcile(batch)).catch(this.onError);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
  }

  private async reconcile(batch: Map<string, unknown>): Promise<void> {
    if (!batch.size) return;
    this.inFlight = new Set(batch.keys());
    try {
      const rows = await this.db
        .selectFrom('device')
        .select(['serial', 'online', 'firmware'])
        .where('serial', '=', anyText([...batch.keys()]))
        .execute();
      const stored = new Map(rows.map((r) => [r.serial, r]));
      const differing: Promise<void>[] = [];
      for (const [serial, body] of batch) {
        const parsed = statusMessage.safeParse(body);
        const row = stored.get(serial);
        if (!parsed.success || !row || this.overtaken.has(serial)) continue;
        const s = parsed.data;
        const same = row.online === s.online && (s.firmware === undefined || s.firmware.slice(0, 50) === row.firmware);
        if (!same) differing.push(this.apply(serial, body));
      }
      await Promise.all(differing);
    } finally {
      this.inFlight = new Set();
      this.overtaken.clear();
    }
  }
}
