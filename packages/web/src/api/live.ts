import { LIVE_KINDS, type LiveEvent, type LiveKind, liveRoutes, SseParser } from '@gatehouse/contracts';
import { headers } from './client.ts';

type Listener = (e: LiveEvent) => void;

/**
 * The tab's one live stream (GET /api/live/stream, docs/live-operations.md). EventSource
 * cannot send the session's `token` header, so this reads the Server-Sent Events over
 * fetch with the same headers as every call, and reconnects after a loss with
 * Last-Event-ID so nothing is missed. It runs while someone listens.
 */
class LiveConnection {
  private readonly listeners = new Set<{ kinds: ReadonlySet<LiveKind>; fn: Listener }>();
  private readonly resetters = new Set<() => void>();
  private abort: AbortController | null = null;
  private lastId: string | null = null;
  private retryMs = 3000;
  private timer: ReturnType<typeof setTimeout> | null = null;

  subscribe(kinds: readonly LiveKind[], fn: Listener, onReset?: () => void): () => void {
    const l = { kinds: new Set(kinds), fn };
    this.listeners.add(l);
    if (onReset) this.resetters.add(onReset);
    this.ensure();
    return () => {
      this.listeners.delete(l);
      if (onReset) this.resetters.delete(onReset);
      if (!this.listeners.size) this.stop();
    };
  }

  private ensure(): void {
    if (this.abort || this.timer) return;
    const ac = new AbortController();
    this.abort = ac;
    this.run(ac).then(
      () => this.again(ac),
      () => this.again(ac),
    );
  }

  private again(ac: AbortController): void {
    if (this.abort !== ac) return;
    this.abort = null;
    if (!this.listeners.size || !headers().token) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.listeners.size) this.ensure();
    }, this.retryMs);
  }

  private stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.abort?.abort();
    this.abort = null;
  }

  private async run(ac: AbortController): Promise<void> {
    const h: Record<string, string> = { ...headers(), accept: 'text/event-stream' };
    if (!h.token) return;
    if (this.lastId) h['last-event-id'] = this.lastId;
    const res = await fetch(`/api${liveRoutes.stream.path}`, { headers: h, signal: ac.signal, cache: 'no-store' });
    if (!res.ok || !res.body) {
      // Signed out or refused: the next call of the page shows why; try again later.
      this.retryMs = 30_000;
      return;
    }
    this.retryMs = 3000;
    const parser = new SseParser(
      (m) => {
        if (m.event === 'reset') {
          for (const r of this.resetters) r();
          return;
        }
        if (!(LIVE_KINDS as readonly string[]).includes(m.event) || m.id === null) return;
        const e = { id: m.id, kind: m.event, data: JSON.parse(m.data) } as LiveEvent;
        for (const l of this.listeners) if (l.kinds.has(e.kind)) l.fn(e);
      },
      (ms) => {
        this.retryMs = ms;
      },
    );
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(value);
      if (parser.lastId) this.lastId = parser.lastId;
    }
  }
}

export const liveConnection = new LiveConnection();
