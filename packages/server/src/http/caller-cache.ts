import type { Caller } from './caller.ts';

/**
 * Tables whose writes cannot change who a session's caller is: events, queues, logs, counters, what
 * door units acknowledge (a card's or face's state on a unit, a Hikvision terminal's event position and faces) and webhooks (each delivery writes its
 * webhook's last result), none of them a parent of the session, account, grant or scope tables.
 */
const UNRELATED =
  /^(?:access_event(?:_\w+)?|usage_event|command|op_log|alarm|live_event|rate_limit|captcha|sms_code|import_progress|webhook(?:_delivery)?|device|card_gate|face_gate|moveout_command|access_group_fanout|hik_event_position|hik_face)$/;
const READ = /^\s*(?:select|with|explain|values|show)\b/i;
/** `update` of `on conflict do update` and of a row lock (`for update`, `for no key update`) names no table. */
const UPDATE = String.raw`(?<!\bdo\s+)(?<!\bfor\s+(?:no\s+key\s+)?)update`;
const WRITE_WORD = new RegExp(String.raw`\b(?:insert|${UPDATE}|delete|merge|truncate)\b`, 'i');
const TARGET = new RegExp(
  String.raw`\b(?:insert\s+into|${UPDATE}|delete\s+from|merge\s+into|truncate(?:\s+table)?)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?`,
  'gi',
);

/** A session's idle mark (http/auth.ts): a kept caller with an older mark is read again sooner, never later. */
const IDLE_MARK = /^update "session" set "last_seen_at" = now\(\) where "id" = \$1$/;

/** A read (select, with, explain, ...) that writes nothing (a row lock is no write). */
export const isPlainRead = (sqlText: string): boolean => READ.test(sqlText) && !WRITE_WORD.test(sqlText);

/**
 * Whether a statement may change what decides a caller (a session, an account, its grants or
 * its scope): any statement that is not a plain read, unless every table it writes is one of
 * the unrelated ones. Unknown shapes (DDL, a write whose table cannot be read off) count as
 * changes: a kept caller is dropped too often rather than kept too long.
 */
export function mayChangeCallers(sqlText: string): boolean {
  if (isPlainRead(sqlText) || IDLE_MARK.test(sqlText)) return false;
  const targets = [...sqlText.matchAll(TARGET)].map((m) => (m[1] as string).toLowerCase());
  return targets.length === 0 || targets.some((t) => !UNRELATED.test(t));
}

/** A caller as read from the database, with the times that end its session. */
export interface KeptCaller {
  caller: Caller;
  lang: string;
  /** Epoch ms: the session's absolute end, and its last idle mark. */
  expiresAt: number;
  lastSeenAt: number;
}

const MAX_KEPT = 10_000;

/** The instances beside this one, on a shared database (http/caller-watch.ts). */
export interface CallerPeers {
  /** Whether every change committed until a moment ago has reached this instance. */
  fresh(): boolean;
  /** Resolves once every instance has taken in the changes committed so far. */
  settle(): Promise<void>;
}

/**
 * Who is calling, kept in process between requests, so a request reads its caller from the
 * database only after something that decides callers may have changed.
 *
 * Every statement this process runs passes through `noteStatement` as it ends. Any that may change
 * a caller (`mayChangeCallers`) drops every kept caller and starts a new generation; a caller read
 * before that write is not kept (`keep` with the generation its read started in), so a revoked
 * session, a withdrawn grant or a changed scope takes effect on the very next request.
 *
 * The embedded database is written by this process alone, so that is the whole story there. On
 * PostgreSQL (`shared`) other instances write too: what is kept is trusted only while the watch of
 * the channel says every change committed elsewhere has arrived (`CallerPeers.fresh`), and a request
 * that wrote answers after `settle` (http/route.ts), once the other instances have taken the change in.
 */
export class CallerCache {
  #generation = 0;
  #changes = 0;
  #kept = new Map<string, KeptCaller>();
  #peers: CallerPeers | null = null;
  #listeners = new Set<() => void>();

  constructor(readonly shared: boolean) {}

  /** Called whenever what decides callers may have changed (every drop of the kept callers): the live streams re-check theirs. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The watch of the other instances (shared databases). Until it is there, nothing kept is trusted. */
  watchedBy(peers: CallerPeers | null): void {
    this.#peers = peers;
  }

  /** Whether a kept caller answers for the database now. */
  trusted(): boolean {
    return this.shared ? (this.#peers?.fresh() ?? false) : true;
  }

  /** The generation a read starts in (hand it back to `keep`). */
  generation(): number {
    return this.#generation;
  }

  /** How many statements of this process may have changed a caller so far (a request compares two readings). */
  changes(): number {
    return this.#changes;
  }

  /** Resolves once a change this process wrote has reached every instance (at once on the embedded database). */
  async settle(): Promise<void> {
    if (this.shared && this.#peers) await this.#peers.settle();
  }

  get(tokenHash: string): KeptCaller | undefined {
    return this.#kept.get(tokenHash);
  }

  /** Keeps a caller read in generation `readIn`, unless something that decides callers was written since. */
  keep(tokenHash: string, kept: KeptCaller, readIn: number): void {
    if (readIn !== this.#generation) return;
    if (this.#kept.size >= MAX_KEPT) this.#kept.clear();
    this.#kept.set(tokenHash, kept);
  }

  forget(tokenHash: string): void {
    this.#kept.delete(tokenHash);
  }

  /** Drops every kept caller (a change written elsewhere, or the watch lost). */
  dropAll(): void {
    this.#generation++;
    this.#kept.clear();
    for (const l of this.#listeners) l();
  }

  /** Every statement the database ran (or failed), as it ends. */
  noteStatement(sqlText: string): void {
    if (!mayChangeCallers(sqlText)) return;
    this.#changes++;
    this.dropAll();
  }
}
