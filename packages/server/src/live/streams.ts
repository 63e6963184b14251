import type { Caller } from '../http/caller.ts';
import type { CallerCache } from '../http/caller-cache.ts';

/** Open live streams one session may hold on one instance (a few tabs), and one client address. */
export const STREAMS_PER_SESSION = 5;
export const STREAMS_PER_CLIENT = 50;
/** Re-checks of the streams' callers are at most this often (a burst of writes makes one). */
const RECHECK_GAP_MS = 300;

/** One open stream, as the guard sees it. */
export interface GuardedStream {
  sessionId: number;
  ip: string;
  /** Reads the stream's caller again, as a request would (null: the session no longer counts). */
  reread(): Promise<Caller | null>;
  /** Narrows (or widens) what the stream carries to what the caller may see now. */
  narrow(caller: Caller): Promise<void>;
  end(): void;
}

/**
 * This instance's live streams, held to their callers' rights as every request is: whenever
 * something that decides callers may have changed (a write here, a change told by another instance
 * through the caller watch, the watch lost: `CallerCache.onChange`) and at every heartbeat, each
 * stream's caller is read again; a stream whose session ended (signed out, revoked, disabled, idle,
 * expired) ends, and one whose menus or communities changed carries only what its caller may see now.
 * Streams are capped per session and per client address.
 */
export class LiveStreams {
  private readonly open = new Set<GuardedStream>();
  private readonly perSession = new Map<number, number>();
  private readonly perClient = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private lastRun = 0;

  constructor(
    callers: CallerCache,
    private readonly onError: (e: unknown) => void,
  ) {
    callers.onChange(() => this.soon());
  }

  get size(): number {
    return this.open.size;
  }

  /** Whether one more stream of this session and client fits under the caps. */
  fits(sessionId: number, ip: string): boolean {
    return (this.perSession.get(sessionId) ?? 0) < STREAMS_PER_SESSION && (this.perClient.get(ip) ?? 0) < STREAMS_PER_CLIENT;
  }

  add(s: GuardedStream): void {
    this.open.add(s);
    this.perSession.set(s.sessionId, (this.perSession.get(s.sessionId) ?? 0) + 1);
    this.perClient.set(s.ip, (this.perClient.get(s.ip) ?? 0) + 1);
  }

  remove(s: GuardedStream): void {
    if (!this.open.delete(s)) return;
    const down = <K>(m: Map<K, number>, k: K) => {
      const n = (m.get(k) ?? 1) - 1;
      if (n > 0) m.set(k, n);
      else m.delete(k);
    };
    down(this.perSession, s.sessionId);
    down(this.perClient, s.ip);
  }

  /** Re-checks one stream now (its heartbeat). */
  async check(s: GuardedStream): Promise<void> {
    const caller = await s.reread();
    if (!caller) s.end();
    else await s.narrow(caller);
  }

  /** Schedules a re-check of every stream: at once, or after the gap since the last one. */
  soon(): void {
    if (!this.open.size) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) return;
    const wait = Math.max(0, this.lastRun + RECHECK_GAP_MS - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.recheckAll().finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.soon();
        }
      });
    }, wait);
    this.timer.unref();
  }

  /** Resolves once the re-checks asked for so far are done (tests). */
  async settled(): Promise<void> {
    while (this.timer || this.running) await (this.running ?? new Promise((r) => setTimeout(r, 20)));
  }

  private async recheckAll(): Promise<void> {
    this.lastRun = Date.now();
    for (const s of [...this.open]) await this.check(s).catch(this.onError);
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
