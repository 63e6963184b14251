import DigestClient from 'digest-fetch';

/**
 * One Hikvision terminal over ISAPI (docs/devices/hikvision.md): HTTP with digest authentication
 * (`digest-fetch`), JSON bodies (`?format=json`), a timeout per request, and one request at a
 * time (terminals are small: requests to the same terminal wait for each other).
 */

/** The terminal could not be reached (refused, no route, reset before an answer): its commands stay pending. */
export class HikUnreachable extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'HikUnreachable';
  }
}

/** The terminal answered, or did not answer in time, and the request failed: the reason is the terminal's own. */
export class HikFault extends Error {
  constructor(reason: string) {
    super(reason.slice(0, 400));
    this.name = 'HikFault';
  }
}

/** An ISAPI status body: `statusCode` 1 is success. */
export interface IsapiStatus {
  statusCode?: number;
  statusString?: string;
  subStatusCode?: string;
  errorCode?: number;
  errorMsg?: string;
}

/** The terminal's reason for a failed request, as it said it (`statusString` / `subStatusCode` / `errorMsg`). */
export function statusReason(s: IsapiStatus, httpStatus: number): string {
  const parts = [s.statusString, s.subStatusCode, s.errorMsg && s.errorMsg !== s.subStatusCode ? s.errorMsg : undefined].filter(
    (p): p is string => typeof p === 'string' && p.length > 0,
  );
  const code = s.statusCode !== undefined ? `statusCode ${s.statusCode}` : `HTTP ${httpStatus}`;
  return parts.length ? `${parts.join(' / ')} (${code})` : code;
}

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNRESET',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export interface HikClientOptions {
  host: string;
  port: number;
  username: string;
  password: string;
  timeoutMs: number;
}

export class HikClient {
  private readonly digest: DigestClient;
  private readonly base: string;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly o: HikClientOptions) {
    this.digest = new DigestClient(o.username, o.password, { algorithm: 'MD5' });
    const host = o.host.includes(':') && !o.host.startsWith('[') ? `[${o.host}]` : o.host;
    this.base = `http://${host}:${o.port}`;
  }

  /** Whether this client was made for these settings (a changed address or password makes a new one). */
  sameAs(o: HikClientOptions): boolean {
    return (
      o.host === this.o.host &&
      o.port === this.o.port &&
      o.username === this.o.username &&
      o.password === this.o.password &&
      o.timeoutMs === this.o.timeoutMs
    );
  }

  /** A JSON request; answers the parsed body of a success, throws HikFault / HikUnreachable otherwise. */
  json<T = Record<string, unknown>>(method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown): Promise<T> {
    return this.request<T>(method, path, body === undefined ? undefined : JSON.stringify(body), 'application/json');
  }

  /** A multipart request (a face photo with its record). */
  form<T = Record<string, unknown>>(method: 'POST' | 'PUT', path: string, form: FormData): Promise<T> {
    return this.request<T>(method, path, form);
  }

  private request<T>(method: string, path: string, body: string | FormData | undefined, type?: string): Promise<T> {
    const run = this.tail.then(
      () => this.once<T>(method, path, body, type),
      () => this.once<T>(method, path, body, type),
    );
    this.tail = run.catch(() => {});
    return run;
  }

  private async once<T>(method: string, path: string, body: string | FormData | undefined, type?: string): Promise<T> {
    let res: Response;
    let text: string;
    try {
      res = (await this.digest.fetch(`${this.base}${path}`, {
        method,
        body,
        headers: type ? { 'content-type': type } : {},
        signal: AbortSignal.timeout(this.o.timeoutMs),
      })) as Response;
      text = await res.text();
    } catch (e) {
      throw transportError(e, this.o.timeoutMs);
    }
    if (res.status === 401) throw new HikFault('Unauthorized: the terminal refused the user name or password (digest authentication)');
    let parsed: unknown;
    try {
      parsed = text.length ? JSON.parse(text) : {};
    } catch {
      throw new HikFault(`unreadable answer (HTTP ${res.status}): ${printable(text)}`);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new HikFault(`unreadable answer (HTTP ${res.status}): ${printable(text)}`);
    const s = parsed as IsapiStatus;
    if (!res.ok || (typeof s.statusCode === 'number' && s.statusCode !== 1)) throw new HikFault(statusReason(s, res.status));
    return parsed as T;
  }
}

const printable = (t: string): string => JSON.stringify(t.slice(0, 80));

function transportError(e: unknown, timeoutMs: number): Error {
  const err = e as { name?: string; code?: string; cause?: { code?: string; name?: string } };
  if (err?.name === 'TimeoutError' || err?.cause?.name === 'TimeoutError' || err?.name === 'AbortError')
    return new HikFault(`no answer within ${timeoutMs} ms (timeout)`);
  const code = err?.cause?.code ?? err?.code;
  if (code && UNREACHABLE_CODES.has(code)) return new HikUnreachable(code);
  return new HikUnreachable(code ?? 'connection failed');
}
