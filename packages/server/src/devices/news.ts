import { type RawBuilder, type Selectable, sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { AccessEventTable } from '../db/tables/devices.ts';

/**
 * What just happened on the door units, after it was written: stored access events,
 * online/offline changes, command answers and alarms. The instance that consumed a
 * device message tells its listeners once (the live stream fans out from there to
 * every instance; webhooks enqueue their deliveries). Listeners must not throw and
 * must not block: they get plain rows, already committed.
 */
export interface AccessNews {
  id: number;
  deviceId: number | null;
  communityId: number | null;
  addressId: number | null;
  time: Date;
  type: number;
  result: number;
  account: string;
  userName: string;
  cardNum: string;
  isWork: boolean;
}

/**
 * An access or punch event as stored, with what the access log shows of it (its community's name and
 * address's text): what the writers of access news get (`WriteKinds`). Its `AccessNews` is `accessNews(row)`.
 */
export type StoredAccessEvent = Omit<Selectable<AccessEventTable>, 'eid' | 'qr_id' | 'received_at'> & {
  community_name: string | null;
  address_text: string | null;
};

/** What listeners of access news (and webhook receivers) are told of a stored event. */
export const accessNews = (r: StoredAccessEvent): AccessNews => ({
  id: r.id,
  deviceId: r.device_id,
  communityId: r.community_id,
  addressId: r.address_id,
  time: r.time,
  type: r.type,
  result: r.result,
  account: r.account,
  userName: r.unlock_user_name,
  cardNum: r.card_num,
  isWork: r.is_work,
});

export interface DeviceNews {
  deviceId: number;
  serial: string;
  /** Null when the unit is not bound to a door unit. */
  communityId: number | null;
  online: boolean;
  firmware?: string;
}

export interface CommandNews {
  id: number;
  deviceId: number;
  communityId: number | null;
  status: number;
  info: string;
}

export interface AlarmNews {
  id: number;
  deviceId: number;
  communityId: number | null;
  kind: string;
  /** False when the alarm was cleared (a unit came back online). */
  open: boolean;
}

export interface NewsKinds {
  access: AccessNews[];
  device: DeviceNews;
  command: CommandNews[];
  alarm: AlarmNews[];
}

type Listener<K extends keyof NewsKinds> = (news: NewsKinds[K]) => void;

/** News whose listeners write to the database: all their writes go in one statement (`News.write`). */
export interface WriteKinds {
  /** Access and punch events newly stored, in id order, with the names the access log shows. */
  access: StoredAccessEvent[];
}

/**
 * One part of the statement `News.write` runs: a CTE named `name` (unique across writers: prefix it with
 * the writer's own word) whose `body` returns rows (`insert … returning`, or a select that reads
 * another part of the same writer, e.g. a `pg_notify` over the ids inserted): every part is read by
 * the statement's final select, so every one runs.
 */
export interface WritePart {
  name: string;
  body: RawBuilder<unknown>;
}

type Writer<K extends keyof WriteKinds> = (items: WriteKinds[K]) => WritePart[];

export class News {
  private readonly listeners: { [K in keyof NewsKinds]: Set<Listener<K>> } = {
    access: new Set(),
    device: new Set(),
    command: new Set(),
    alarm: new Set(),
  };

  private readonly writers: { [K in keyof WriteKinds]: Set<Writer<K>> } = { access: new Set() };

  constructor(private readonly onError: (e: unknown) => void = () => {}) {}

  /** Adds a listener; the returned function removes it. */
  on<K extends keyof NewsKinds>(kind: K, fn: Listener<K>): () => void {
    const set = this.listeners[kind] as Set<Listener<K>>;
    set.add(fn);
    return () => set.delete(fn);
  }

  /** Adds a writer (a listener whose work is a database write, run by `write`); the returned function removes it. */
  onWrite<K extends keyof WriteKinds>(kind: K, fn: Writer<K>): () => void {
    const set = this.writers[kind] as Set<Writer<K>>;
    set.add(fn);
    return () => set.delete(fn);
  }

  /**
   * Runs every writer's parts of `items` as ONE statement (one round trip whatever the number of writers:
   * the live outbox, webhook deliveries), after the items were stored and before `emit` tells the
   * listeners. A writer that throws is reported and left out; a statement that fails throws (the
   * items are stored: the caller reports it and goes on).
   */
  async write<K extends keyof WriteKinds>(db: Db, kind: K, items: WriteKinds[K]): Promise<void> {
    if (!items.length) return;
    const parts: WritePart[] = [];
    for (const fn of this.writers[kind] as Set<Writer<K>>) {
      try {
        parts.push(...fn(items));
      } catch (e) {
        this.onError(e);
      }
    }
    if (!parts.length) return;
    const ctes = sql.join(parts.map((p) => sql`${sql.id(p.name)} as (${p.body})`));
    const reads = sql.join(parts.map((p) => sql`(select count(*) from ${sql.id(p.name)})`));
    await sql`with ${ctes} select ${reads}`.execute(db);
  }

  emit<K extends keyof NewsKinds>(kind: K, news: NewsKinds[K]): void {
    if (Array.isArray(news) && !news.length) return;
    for (const fn of this.listeners[kind] as Set<Listener<K>>) {
      try {
        fn(news);
      } catch (e) {
        this.onError(e);
      }
    }
  }
}
