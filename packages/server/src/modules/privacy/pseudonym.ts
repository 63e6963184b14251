import { PSEUDONYM_PREFIX } from '@gatehouse/contracts';
import crypto from 'node:crypto';
import { type Expression, type Kysely, sql } from 'kysely';
import { keyOf } from '../../crypto/key-file.ts';
import { anyInt, anyText } from '../../db/sql.ts';
import type { DB } from '../../db/types.ts';

/**
 * Pseudonymised access events (issue 35 items 3 and 4; docs/privacy.md "Pseudonymised events"): an
 * erased person's events and punches keep their rows, their place in the log and their counts, with
 * the name and card number emptied and the account replaced by `anon-` and the first 10 hex digits of
 * HMAC-SHA256(PSEUDONYM_KEY, account). The same person keeps the same pseudonym (their events stay
 * linkable), and without the key (kept apart from the database and its backups) a phone number cannot
 * be tried against it. The retention rule's `pseudonymise` and an account's deletion both write it.
 */

/** The pseudonym key: PSEUDONYM_KEY, else DATA_DIR/pseudonym.key (created once). */
export const pseudonymKey = (config: { PSEUDONYM_KEY?: string; dataDir: string }): Buffer =>
  keyOf({ setting: config.PSEUDONYM_KEY, name: 'PSEUDONYM_KEY', dataDir: config.dataDir, file: 'pseudonym.key' });

/** An account's pseudonym (an empty account or one already pseudonymised stays as it is). */
export function pseudonymOf(key: Buffer, account: string): string {
  if (!account || account.startsWith(PSEUDONYM_PREFIX)) return account;
  return PSEUDONYM_PREFIX + crypto.createHmac('sha256', key).update(account).digest('hex').slice(0, 10);
}

/** The account → pseudonym pairs as two array parameters, for `unnest(...) as m(a, p)`. */
function pairs(key: Buffer, accounts: readonly string[]) {
  const a = [...new Set(accounts)].filter((x) => x && !x.startsWith(PSEUDONYM_PREFIX));
  return sql`unnest(${a}::text[], ${a.map((x) => pseudonymOf(key, x))}::text[]) as m(a, p)`;
}

/**
 * Pseudonymises one batch of due events (the retention rule: `due` selects `e.id`, `e.time`,
 * `e.account` of at most a batch); answers how many rows changed.
 */
export async function pseudonymiseBatch(db: Kysely<DB>, key: Buffer, due: Expression<unknown>): Promise<number> {
  const accounts = (await sql<{ account: string }>`select distinct account from (${due}) d`.execute(db)).rows.map((r) => r.account);
  const res = await sql`with due as (${due}) update access_event t
      set account = coalesce(m.p, t.account), unlock_user_name = '', card_num = ''
      from due left join ${pairs(key, accounts)} on m.a = due.account
      where t.id = due.id and t.time = due.time`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

/**
 * An erased person's events and punches (every account given, in these communities; null: all),
 * pseudonymised in place; answers how many rows changed. Reads them by the (account, time) index.
 */
export async function pseudonymiseAccounts(
  db: Kysely<DB>,
  key: Buffer,
  accounts: readonly string[],
  communityIds: readonly number[] | null,
): Promise<number> {
  const mine = accounts.filter((a) => a && !a.startsWith(PSEUDONYM_PREFIX));
  if (!mine.length || communityIds?.length === 0) return 0;
  const res = await sql`update access_event t set account = m.p, unlock_user_name = '', card_num = ''
      from ${pairs(key, mine)}
      where t.account = m.a and t.account = ${anyText(mine)}
      ${communityIds ? sql`and t.community_id = ${anyInt([...communityIds])}` : sql``}`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}
