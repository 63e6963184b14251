import type { Caller } from './context.ts';

/**
 * Tables whose writes cannot change who a session's caller is: events, queues, logs, counters and
 * what door units acknowledge (a card's or face's state on a unit), none of them a parent of the
 * session, account, grant or scope tables.
 */
const UNRELATED =
  /^(?:access_event(?:_\w+)?|usage_event|command|op_log|alarm|live_event|rate_limit|captcha|sms_code|import_progress|webhook_delivery|device|card_gate|face_gate|moveout_command)$/;
const READ = /^\s*(?:select|with|explain|values|show)\b/i;
/** `update` of `on conflict do update` and of a row lock (`for update`, `for no key update`) names no table. */
const UPDATE = String.raw`(?<!\bdo\s+)(?<!\bfor\s+(?:no\s+key\s+)?)update`;
const WRITE_WORD = new RegExp(String.raw`\b(?:insert|${UPDATE}|delete|merge|truncate)\b`, 'i');
const TARGET = new RegExp(
  String.raw`\b(?:insert\s+into|${UPDATE}|delete\s+from|merge\s+into|truncate(?:\s+table)?)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?`,
  'gi',
);

/** A read (select, with, explain, ...) that writes nothing (a row lock is no write). */
export const isPlainRead = (sqlText: string): boolean => READ.test(sqlText) && !WRITE_WORD.test(sqlText);

/**
 * Whether a statement may change what decides a caller (a session, an account, its grants or
 * its scope): any statement that is not a plain read, unless every table it writes is one of
 * the unrelated ones. Unknown shapes (DDL, a write whose table cannot be read off) count as
 * changes: a kept caller is dropped too often rather than kept too long.
 */
export function mayChangeCallers(sqlText: string): boolean {
  if (isPlainRead(sqlText)) return false;
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

/**
 * Who is calling, kept in process between requests.
 *
 * `exact` (the embedded database, which one process owns, so every write passes through
 * `noteStatement` here before its request answers): a kept caller answers for the database.
 * Any statement that may change a caller (`mayChangeCallers`) drops every kept caller and starts
 * a new generation; a caller read before that write is not kept (`keep` with the generation its
 * read started in), so a revoked session, a withdrawn grant or a changed scope takes effect on
 * the very next request.
 *
 * Not exact (PostgreSQL, which several instances share): a kept caller is only a guess. A paged
 * list runs on it while the caller is read again beside it, and its answer goes out only when the
 * two agree (`sameCaller`); otherwise the list runs again for the caller just read (http/route.ts).
 */
export class CallerCache {
  #generation = 0;
  #kept = new Map<string, KeptCaller>();

  constructor(readonly exact: boolean) {}

  /** The generation a read starts in (hand it back to `keep`). */
  generation(): number {
    return this.#generation;
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

  /** Every statement the database ran (or failed), as it ends. */
  noteStatement(sqlText: string): void {
    if (!mayChangeCallers(sqlText)) return;
    this.#generation++;
    this.#kept.clear();
  }
}

/** Whether two reads of a caller decide the same: session, account, role, language, grants and scope. */
export function sameCaller(a: { caller: Caller; lang: string }, b: { caller: Caller; lang: string }): boolean {
  const [x, y] = [a.caller, b.caller];
  return (
    a.lang === b.lang &&
    x.sessionId === y.sessionId &&
    x.accountId === y.accountId &&
    x.roleId === y.roleId &&
    x.regNo === y.regNo &&
    x.name === y.name &&
    x.communityId === y.communityId &&
    x.menuIds.size === y.menuIds.size &&
    [...x.menuIds].every((id) => y.menuIds.has(id)) &&
    JSON.stringify(x.scope) === JSON.stringify(y.scope)
  );
}
