import { type SseMessage, SseParser } from '@gatehouse/contracts';

/** A live stream read over fetch (as the browser does), for tests and benches. */
export interface StreamReader {
  status: number;
  messages: (SseMessage & { receivedAt: number })[];
  /** The raw text received (comments included). */
  text(): string;
  waitFor(check: (m: SseMessage[]) => boolean, timeoutMs?: number, what?: string): Promise<void>;
  lastId(): string | null;
  close(): void;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
}

export async function readStream(baseUrl: string, token: string, lastEventId?: string | null): Promise<StreamReader> {
  const ac = new AbortController();
  const headers: Record<string, string> = { token, accept: 'text/event-stream' };
  if (lastEventId) headers['last-event-id'] = lastEventId;
  const res = await fetch(`${baseUrl}/api/live/stream`, { headers, signal: ac.signal });
  const messages: StreamReader['messages'] = [];
  let raw = '';
  const waiters = new Set<() => void>();
  const parser = new SseParser((m) => {
    messages.push({ ...m, receivedAt: performance.now() });
    for (const w of waiters) w();
  });
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        const s = decoder.decode(chunk, { stream: true });
        raw += s;
        parser.feed(s);
        for (const w of waiters) w();
      }
    } catch {
      // aborted
    }
    for (const w of waiters) w();
  })();
  let done = false;
  void ended.then(() => {
    done = true;
  });
  return {
    status: res.status,
    messages,
    text: () => raw,
    lastId: () => parser.lastId,
    ended,
    close: () => ac.abort(),
    waitFor(check, timeoutMs = 15_000, what = 'stream messages') {
      return new Promise<void>((resolve, reject) => {
        const test = () => {
          if (check(messages)) {
            cleanup();
            resolve();
          } else if (done) {
            cleanup();
            reject(new Error(`${what}: the stream ended first`));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`${what} not received within ${timeoutMs} ms (got ${messages.length})`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(test);
        };
        waiters.add(test);
        test();
      });
    },
  };
}
