import { type MenuKey, menuByKey, menuById } from '@gatehouse/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.ts';
import type { AuthCtx } from './context.ts';

export interface OpLogEntry {
  /** The leaf menu the change belongs to; its parent is the first menu. */
  menu: MenuKey;
  /** A message reference (catalogue key with params), rendered when read. */
  content: string;
  communityId?: number | null;
  /** What changed: the row before and after (secrets removed by the caller). */
  before?: unknown;
  after?: unknown;
}

/**
 * Who made a change: a signed-in caller, or the operator's command-line tool (no account,
 * `OPERATOR_REGNO`).
 */
export type OpLogActor = { caller: Pick<AuthCtx['caller'], 'regNo'> & { accountId: number | null } };

/** The op log's account of changes made with the command-line tool (`npx gatehouse`). */
export const OPERATOR_REGNO = 'command-line';

/** Writes the operation log; call it inside the transaction of the change. */
export async function writeOpLog(trx: Kysely<DB>, ctx: OpLogActor, e: OpLogEntry): Promise<void> {
  const leaf = menuByKey(e.menu);
  const parent = leaf.parentId ? menuById(leaf.parentId) : undefined;
  await trx
    .insertInto('op_log')
    .values({
      name1: parent?.key ?? leaf.key,
      name2: leaf.key,
      content: e.content.slice(0, 500),
      account_id: ctx.caller.accountId,
      regno: ctx.caller.regNo,
      community_id: e.communityId ?? null,
      detail: JSON.stringify({ before: e.before ?? null, after: e.after ?? null }),
    })
    .execute();
}
