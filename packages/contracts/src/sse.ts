/** One Server-Sent Events message (WHATWG "event stream" format). */
export interface SseMessage {
  id: string | null;
  event: string;
  data: string;
}

/**
 * Parses a text/event-stream incrementally: feed it decoded text chunks as they
 * arrive; it calls `onMessage` per dispatched message and `onRetry` for `retry:`.
 * Comment lines (heartbeats) are ignored. Used by the web's stream reader (fetch with
 * the session header) and by the tests and bench.
 */
export class SseParser {
  private buf = '';
  private data: string[] = [];
  private event = '';
  private id: string | null = null;
  /** The last id seen (what a reconnect sends as Last-Event-ID). */
  lastId: string | null = null;

  constructor(
    private readonly onMessage: (m: SseMessage) => void,
    private readonly onRetry: (ms: number) => void = () => {},
  ) {}

  feed(chunk: string): void {
    this.buf += chunk;
    for (;;) {
      const nl = this.buf.search(/\r\n|\r|\n/);
      // A lone '\r' at the end may be the first half of '\r\n': wait for the next chunk.
      if (nl < 0 || (this.buf[nl] === '\r' && nl === this.buf.length - 1)) return;
      const line = this.buf.slice(0, nl);
      this.buf = this.buf.slice(nl + (this.buf.startsWith('\r\n', nl) ? 2 : 1));
      this.line(line);
    }
  }

  private line(line: string): void {
    if (line === '') {
      if (this.id !== null) this.lastId = this.id;
      if (this.data.length) this.onMessage({ id: this.id, event: this.event || 'message', data: this.data.join('\n') });
      this.data = [];
      this.event = '';
      this.id = null;
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.onRetry(Number(value));
  }
}
