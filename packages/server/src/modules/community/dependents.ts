import { msg } from '@gatehouse/contracts';
import type { Kysely } from 'kysely';
import type { Target } from '../../db/dependents.ts';
import type { DB } from '../../db/types.ts';
import type { AuthCtx } from '../../http/context.ts';
import { t } from '../../http/i18n.ts';

/**
 * What still depends on a target, as one localized phrase ("2 accounts, 3 call codes"),
 * or null when nothing does. The dependents are those the areas declare (collected at boot).
 */
export async function dependentsText(ctx: AuthCtx, db: Kysely<DB>, target: Target): Promise<string | null> {
  const parts: string[] = [];
  for (const d of ctx.dependents) {
    const count = await d.count(db, target);
    if (count > 0) parts.push(t(ctx.lang, msg(d.key, { count })));
  }
  return parts.length ? parts.join(t(ctx.lang, 'dep.separator')) : null;
}
