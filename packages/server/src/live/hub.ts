import { LIVE_REPLAY_MINUTES, type LiveKind } from '@gatehouse/contracts';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../db/index.ts';
import { inScope } from '../http/scope.ts';
import type { Scope } from '../http/caller.ts';
import { ACCESS_BATCH, LIVE_CHANNEL } from './event-writer.ts';

/**
 * A place in the live stream: a live_event row and how many of its events were sent (`n`; WHOLE when all). A row
 * holds one event, or (access events, `ACCESS_BATCH`) the events of one write for one community, one frame each.
 */
export interface LiveCursor {
  id: number;
  n: number;
}

/** `n` of a cursor past every event of its row. */
export const WHOLE = 2_147_483_647;

/** A frame's SSE id: the row's id, and `.<n>` for the n-th event (from 1) of a row holding several. */
const frameId = (id: number, n: number, batch: boolean) => (batch ? `${id}.${n}` : String(id));

/** A Last-Event-ID (`<row>` or `<row>.<n>`) as a cursor, or null when it is not one. */
export function parseLiveId(text: string | undefined): LiveCursor | null {
  const m = /^(\d{1,15})(?:\.(\d{1,9}))?$/.exec(text ?? '');
  if (!m) return null;
  return { id: Number(m[1]), n: m[2] === undefined ? WHOLE : Math.min(Number(m[2]), WHOLE) };
}

/** Whether cursor `a` is at or past `b`. */
const atOrPast = (a: LiveCursor, b: LiveCursor) => a.id > b.id || (a.id === b.id && a.n >= b.n);

/** One stored live event, its SSE frame built once for every client. */
export interface LiveFrame {
  /** Its place: the row and its event in the row (WHOLE for a row of one event). */
  at: LiveCursor;
  kind: LiveKind;
  communityId: number | null;
  frame: string;
}

/** A browser's stream: what it may see and where its frames go. */
export interface LiveClient {
  kinds: ReadonlySet<LiveKind>;
  scope: Scope;
  /** Writes a frame; answers false when the client is too far behind (it is then dropped). */
  write(frame: string): boolean;
  /** Ends the stream (dropped, or the hub closes). */
  end(): void;
}

const BATCH = 1000;

export const sseFrame = (id: string, kind: string, data: string): string => `id: ${id}\nevent: ${kind}\ndata: ${data}\n\n`;

/** Whether a client may see an event: its kind by menu, its community by scope (events of no community: all-scope callers only). */
export const maySee = (c: Pick<LiveClient, 'kinds' | 'scope'>, e: Pick<LiveFrame, 'kind' | 'communityId'>): boolean =>
  c.kinds.has(e.kind) && (c.scope.all || inScope(c.scope, e.communityId));

type Notifier = { close(): Promise<void> };

/**
 * One per instance: listens on the live channel (PostgreSQL LISTEN on a connection of
 * its own, or PGlite's in-process listen), reads the new live_event rows once per
 * notification (never per client) and fans them out to this instance's streams (while no stream
 * is open here, it reads only the newest id).
 * A stream that resumes with Last-Event-ID is first replayed from the table.
 */
export class LiveHub {
  /** The newest event fanned out. */
  last: LiveCursor = { id: 0, n: WHOLE };
  private readonly clients = new Set<LiveClient>();
  private reading = false;
  private again = false;
  private notifier: Notifier | null = null;
  private closed = false;
  /** Clients catching up: frames fanned out meanwhile wait here. */
  private readonly pending = new Map<LiveClient, LiveFrame[]>();
  /** Counted for the bench and tests. */
  readonly stats = { reads: 0, frames: 0, writes: 0, dropped: 0 };

  constructor(
    private readonly db: Db,
    private readonly source: { pglite?: PGlite; url?: string },
    private readonly onError: (e: unknown) => void,
  ) {}

  async start(): Promise<void> {
    this.last = await this.newest();
    this.notifier = this.source.pglite ? await this.listenPglite(this.source.pglite) : await this.listenPostgres(this.source.url as string);
  }

  get size(): number {
    return this.clients.size;
  }

  /**
   * Adds a stream. With `since` (Last-Event-ID), events after it that are still stored
   * are sent first; answers false when some were already pruned (the client should reload).
   */
  async attach(client: LiveClient, since: LiveCursor | null): Promise<boolean> {
    if (since === null || atOrPast(since, this.last)) {
      this.clients.add(client);
      return true;
    }
    const upTo = this.last;
    this.pending.set(client, []);
    this.clients.add(client);
    let complete = true;
    try {
      const first = await this.db.selectFrom('live_event').select(sql<number | null>`min(id)`.as('m')).executeTakeFirst();
      // The row after the cursor (or the rest of its own row) is gone.
      if (first?.m != null && Number(first.m) > since.id + (since.n === WHOLE ? 1 : 0)) complete = false;
      let after = since;
      for (;;) {
        const rows = await this.rows(after, upTo);
        if (!this.send(client, rows)) return complete;
        if (rows.length < BATCH) break;
        after = rows[rows.length - 1]?.at ?? upTo;
      }
      this.send(client, this.pending.get(client) ?? []);
    } finally {
      this.pending.delete(client);
    }
    return complete;
  }

  /** Writes a replay to one client; answers false when it was dropped. */
  private send(client: LiveClient, frames: LiveFrame[]): boolean {
    for (const r of frames) {
      if (!maySee(client, r)) continue;
      if (!client.write(r.frame)) {
        this.drop(client);
        return false;
      }
    }
    return true;
  }

  detach(client: LiveClient): void {
    this.clients.delete(client);
    this.pending.delete(client);
  }

  /** Deletes events older than the replay window. */
  async prune(minutes = LIVE_REPLAY_MINUTES): Promise<void> {
    await this.db.deleteFrom('live_event').where('created_at', '<', sql<Date>`now() - make_interval(mins => ${minutes})`).execute();
  }

  /** Reads and fans out what is new (called on every notification; coalesces while reading). */
  poke(): void {
    if (this.closed) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = true;
    void this.readNew()
      .catch(this.onError)
      .finally(() => {
        this.reading = false;
        if (this.again) {
          this.again = false;
          this.poke();
        }
      });
  }

  /** Ends every stream of this instance (the server is closing). */
  endStreams(): void {
    for (const c of [...this.clients]) c.end();
    this.clients.clear();
    this.pending.clear();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.endStreams();
    await this.notifier?.close();
  }

  private async readNew(): Promise<void> {
    // No stream open here: only the newest id is kept (one index read, not every row and its frame).
    // A stream attached while that read was out is served by the rows read the usual way.
    if (!this.clients.size) {
      const newest = await this.newest();
      this.stats.reads++;
      if (!this.clients.size) {
        if (atOrPast(newest, this.last)) this.last = newest;
        return;
      }
    }
    for (;;) {
      const rows = await this.rows(this.last, null);
      this.stats.reads++;
      for (const r of rows) this.fanOut(r);
      const end = rows[rows.length - 1];
      if (end) this.last = end.at;
      if (rows.length < BATCH) return;
    }
  }

  /** Past the newest live_event row (id 0 when there is none). */
  private async newest(): Promise<LiveCursor> {
    const top = await this.db.selectFrom('live_event').select(sql<number | null>`max(id)`.as('m')).executeTakeFirst();
    return { id: Number(top?.m ?? 0), n: WHOLE };
  }

  private fanOut(r: LiveFrame): void {
    this.stats.frames++;
    for (const c of this.clients) {
      if (!maySee(c, r)) continue;
      const waiting = this.pending.get(c);
      if (waiting) waiting.push(r);
      else if (c.write(r.frame)) this.stats.writes++;
      else this.drop(c);
    }
  }

  private drop(c: LiveClient): void {
    this.stats.dropped++;
    this.detach(c);
    c.end();
  }

  /** The events after `after` (up to `upTo`), BATCH at most, one per event of a row holding several. */
  private async rows(after: LiveCursor, upTo: LiveCursor | null): Promise<LiveFrame[]> {
    const until = upTo ? sql`and (e.id < ${upTo.id} or (e.id = ${upTo.id} and x.n <= ${upTo.n}))` : sql``;
    const { rows } = await sql<{ id: string | number; kind: string; community_id: number | null; n: string | number; data: string }>`
      select e.id, e.kind, e.community_id, x.n, x.v::text as data
      from live_event e
      cross join lateral jsonb_array_elements(
        case when e.kind = ${ACCESS_BATCH} then e.data else jsonb_build_array(e.data) end) with ordinality as x(v, n)
      where e.id >= ${after.id} and (e.id > ${after.id} or x.n > ${after.n}) ${until}
      order by e.id, x.n
      limit ${BATCH}`.execute(this.db);
    return rows.map((r) => {
      const id = Number(r.id);
      const n = Number(r.n);
      const batch = r.kind === ACCESS_BATCH;
      const kind = (batch ? 'access' : r.kind) as LiveKind;
      // A row of one event is passed whole by its frame.
      return { at: { id, n: batch ? n : WHOLE }, kind, communityId: r.community_id, frame: sseFrame(frameId(id, n, batch), kind, r.data) };
    });
  }

  private async listenPglite(pglite: PGlite): Promise<Notifier> {
    const unsub = await pglite.listen(LIVE_CHANNEL, () => this.poke());
    return { close: () => unsub() };
  }

  /** A connection of its own for LISTEN; reconnects after a loss and catches up by id (nothing is lost). */
  private async listenPostgres(url: string): Promise<Notifier> {
    let client: pg.Client | null = null;
    let timer: NodeJS.Timeout | null = null;
    const connect = async (): Promise<void> => {
      const c = new pg.Client({ connectionString: url });
      c.on('notification', () => this.poke());
      c.on('error', (e) => {
        this.onError(e);
        retry();
      });
      c.on('end', () => retry());
      await c.connect();
      await c.query(`listen ${LIVE_CHANNEL}`);
      client = c;
      this.poke();
    };
    const retry = () => {
      if (this.closed || timer) return;
      client = null;
      timer = setTimeout(() => {
        timer = null;
        connect().catch((e) => {
          this.onError(e);
          retry();
        });
      }, 1000);
      timer.unref();
    };
    await connect();
    return {
      close: async () => {
        if (timer) clearTimeout(timer);
        const c = client as pg.Client | null;
        client = null;
        await c?.end().catch(() => {});
      },
    };
  }
}
