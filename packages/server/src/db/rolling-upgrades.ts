import { Kysely, type LogEvent, PGliteDialect } from 'kysely';
import type { Migration } from 'kysely/migration';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * Rolling upgrades (docs/deployment.md, "Upgrading"): while instances are upgraded one by one, the
 * previous release runs on the new release's schema. So a migration EXPANDS only (new tables, new
 * nullable columns or columns with a default, new indexes): it never drops, renames or retypes what
 * the previous release reads or writes. What it removes goes in a later CONTRACT migration, one that
 * says so (`export const contract = { safeAfter: '0.3.0', why: '…' }`) and names the release after
 * which nothing reads it any more; it can ship only in a release newer than that one.
 *
 * The check runs each migration on a real (in-memory) database, in name order, records every
 * statement it runs and refuses the breaking ones (RULES), unless the migration is grandfathered
 * (written before this rule: GRANDFATHERED) or declares itself a contract step.
 */

/** What a contract migration declares: the release after which it is safe, and why. */
export interface ContractStep {
  /** The release (x.y.z) whose code no longer reads or writes what this migration removes or changes. */
  safeAfter: string;
  why: string;
}

/** Migrations written before the rolling-upgrade rule (release 0.1.0): not checked. Never add to this list. */
export const GRANDFATHERED: readonly string[] = [
  '0001_foundation',
  '0002_import_progress',
  '0003_trigram',
  '0004_op_log_prefix',
  '0005_caller_changes',
  '0101_accounts',
  '0102_admin_totp',
  '0201_communities',
  '0301_devices',
  '0302_command_account_prefix',
  '0303_command_priority',
  '0304_command_lease',
  '0305_command_reset_idx',
  '0306_unit_kinds',
  '0310_device_secret_box',
  '0321_device_health',
  '0331_emergency',
  '0391_command_list_indexes',
  '0401_cards',
  '0402_card_no',
  '0501_faces',
  '0502_ladder',
  '0503_face_list_indexes',
  '0601_eventlog',
  '0611_attendance',
  '0621_alarms',
  '0622_event_list_indexes',
  '0631_live_event',
  '0640_event_partitions',
  '0641_event_prefix_counts',
  '0701_notices',
  '0801_access_rules',
  '0802_access_group_faces',
  '0803_access_group_lifts',
  '0804_access_group_fanout',
  '0811_review',
  '0812_qr_revoke',
  '0901_webhooks',
  '0902_op_log_page',
  '0903_card_list_indexes',
  '0904_webhook_delivery_lanes',
];

/** One statement's text as the rules read it: lower case, no double quotes, spaces collapsed. */
const normal = (s: string) => s.toLowerCase().replace(/"/g, '').replace(/\s+/g, ' ').trim();

/** What a migration made itself (so dropping or changing it in the same migration breaks no one). */
interface Made {
  tables: Set<string>;
  columns: Set<string>;
  indexes: Set<string>;
  constraints: Set<string>;
}

const bare = (name: string) => name.split('.').at(-1) ?? name;

/** Notes what a statement creates. */
function noteMade(s: string, made: Made): void {
  for (const m of s.matchAll(/\bcreate (?:unlogged )?table (?:if not exists )?([\w.]+)/g)) made.tables.add(bare(m[1] as string));
  for (const m of s.matchAll(/\balter table (?:if exists )?(?:only )?([\w.]+) add column (?:if not exists )?(\w+)/g))
    made.columns.add(`${bare(m[1] as string)}.${m[2]}`);
  for (const m of s.matchAll(/\bcreate (?:unique )?index (?:concurrently )?(?:if not exists )?([\w.]+)/g))
    made.indexes.add(bare(m[1] as string));
  for (const m of s.matchAll(/\bconstraint (\w+)/g)) made.constraints.add(m[1] as string);
}

/** The table an `alter table` statement changes. */
const alteredTable = (s: string) => bare(/\balter table (?:if exists )?(?:only )?([\w.]+)/.exec(s)?.[1] ?? '');

/**
 * The rules: each answers why a statement would break the previous release still running on the
 * new schema, or nothing. `made` is what the same migration created before this statement.
 */
export const RULES: { name: string; breaks(s: string, made: Made): string | undefined }[] = [
  {
    name: 'drop table',
    breaks: (s, made) => {
      const m = /\bdrop (table|view|materialized view) (?:if exists )?([\w., ]+?)(?: cascade| restrict)?(?:;|$)/.exec(s);
      if (!m) return;
      const gone = (m[2] as string).split(',').map((t) => bare(t.trim()));
      const old = gone.filter((t) => !made.tables.has(t));
      return old.length ? `drops the ${m[1]} ${old.join(', ')}` : undefined;
    },
  },
  {
    name: 'drop column',
    breaks: (s, made) => {
      const t = alteredTable(s);
      for (const m of s.matchAll(/\bdrop column (?:if exists )?(\w+)/g))
        if (!made.tables.has(t) && !made.columns.has(`${t}.${m[1]}`)) return `drops the column ${t}.${m[1]}`;
    },
  },
  {
    name: 'rename',
    breaks: (s, made) => {
      const m = /\balter (table|index|view|sequence|type|function) (?:if exists )?([\w.]+) rename (?:column )?(?:(\w+) )?to (\w+)/.exec(s);
      if (!m) return;
      const what = bare(m[2] as string);
      if (made.tables.has(what) || made.indexes.has(what)) return;
      return `renames ${m[3] ? `${what}.${m[3]}` : what} to ${m[4]}`;
    },
  },
  {
    name: 'alter column type',
    breaks: (s, made) => {
      const t = alteredTable(s);
      for (const m of s.matchAll(/\balter column (\w+) (?:set data )?type\b/g))
        if (!made.tables.has(t) && !made.columns.has(`${t}.${m[1]}`)) return `changes the type of ${t}.${m[1]}`;
    },
  },
  {
    name: 'set not null',
    breaks: (s, made) => {
      const t = alteredTable(s);
      for (const m of s.matchAll(/\balter column (\w+) set not null/g))
        if (!made.tables.has(t) && !made.columns.has(`${t}.${m[1]}`))
          return `sets ${t}.${m[1]} not null (the previous release may write null)`;
    },
  },
  {
    name: 'add column not null without default',
    breaks: (s, made) => {
      const t = alteredTable(s);
      if (made.tables.has(t)) return;
      for (const m of s.matchAll(/\badd column (?:if not exists )?(\w+) ([^,;]*)/g)) {
        const def = m[2] as string;
        if (/\bnot null\b/.test(def) && !/\bdefault\b/.test(def) && !/\bgenerated\b/.test(def))
          return `adds ${t}.${m[1]} not null without a default (the previous release's inserts lack it)`;
      }
    },
  },
  {
    name: 'drop index',
    breaks: (s, made) => {
      const m = /\bdrop index (?:concurrently )?(?:if exists )?([\w., ]+?)(?: cascade| restrict)?(?:;|$)/.exec(s);
      if (!m) return;
      const old = (m[1] as string)
        .split(',')
        .map((i) => bare(i.trim()))
        .filter((i) => !made.indexes.has(i));
      return old.length ? `drops the index ${old.join(', ')} (the previous release may need it: a unique key, a plan)` : undefined;
    },
  },
  {
    name: 'drop constraint',
    breaks: (s, made) => {
      const t = alteredTable(s);
      for (const m of s.matchAll(/\bdrop constraint (?:if exists )?(\w+)/g))
        if (!made.tables.has(t) && !made.constraints.has(m[1] as string)) return `drops the constraint ${m[1]} of ${t}`;
    },
  },
  {
    name: 'drop function, trigger, type or sequence',
    breaks: (s) => {
      const m = /\bdrop (function|trigger|type|sequence) (?:if exists )?([\w.]+)/.exec(s);
      return m ? `drops the ${m[1]} ${m[2]}` : undefined;
    },
  },
];

/** A migration refused, with each breaking statement and why. */
export interface Refusal {
  migration: string;
  reasons: string[];
}

/** `a` is an older release than `b` (x.y.z numbers). */
export function olderRelease(a: string, b: string): boolean {
  const [pa, pb] = [a, b].map((v) => v.split('.').map((n) => Number.parseInt(n, 10)));
  for (let i = 0; i < 3; i++) {
    const [x, y] = [pa?.[i] ?? 0, pb?.[i] ?? 0];
    if (x !== y) return x < y;
  }
  return false;
}

/** The breaking statements of one migration's recorded statements (no rule applies to a contract step). */
export function breakingStatements(statements: string[]): string[] {
  const made: Made = { tables: new Set(), columns: new Set(), indexes: new Set(), constraints: new Set() };
  const reasons: string[] = [];
  for (const raw of statements) {
    const s = normal(raw);
    for (const r of RULES) {
      const why = r.breaks(s, made);
      if (why) reasons.push(`${why} [${r.name}]: ${s.slice(0, 160)}`);
    }
    noteMade(s, made);
  }
  return reasons;
}

/**
 * Runs `migrations` in name order on a new in-memory database (or `on`), recording each one's
 * statements, and answers those that break the previous release: not grandfathered, not a contract
 * step, and a breaking statement; or a contract step naming a release that is not older than
 * `version` (this release).
 */
export async function checkRollingUpgrades(
  migrations: Record<string, Migration>,
  version: string,
  opts: { grandfathered?: readonly string[] } = {},
): Promise<{ refused: Refusal[]; checked: string[] }> {
  const grandfathered = new Set(opts.grandfathered ?? GRANDFATHERED);
  const pglite = new PGlite({ extensions: { pg_trgm } });
  let current: string[] = [];
  const db = new Kysely<unknown>({
    dialect: new PGliteDialect({ pglite }),
    log: (e: LogEvent) => {
      current.push(e.query.sql);
    },
  });
  const refused: Refusal[] = [];
  const checked: string[] = [];
  try {
    for (const name of Object.keys(migrations).sort()) {
      const m = migrations[name] as Migration & { contract?: ContractStep };
      current = [];
      await m.up(db);
      if (grandfathered.has(name)) continue;
      checked.push(name);
      if (m.contract) {
        if (!olderRelease(m.contract.safeAfter, version))
          refused.push({
            migration: name,
            reasons: [`a contract step safe after ${m.contract.safeAfter} cannot ship in ${version}: it needs a later release`],
          });
        continue;
      }
      const reasons = breakingStatements(current);
      if (reasons.length) refused.push({ migration: name, reasons });
    }
  } finally {
    await db.destroy();
  }
  return { refused, checked };
}
