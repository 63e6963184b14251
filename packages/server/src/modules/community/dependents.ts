import { ADDRESS_TYPE, msg } from '@gatehouse/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { AuthCtx } from '../../http/context.ts';
import { t } from '../../http/i18n.ts';

/** What a deletion is about: whole communities, or single addresses. */
export type Target = { communityId: number } | { addressId: number };

/**
 * Something that must be gone before a community or an address may be deleted,
 * counted for one target. Areas whose rows hang on addresses (cards, faces) add
 * theirs to DEPENDENTS, so nothing is silently orphaned.
 */
export interface Dependent {
  /** Catalogue key taking {{count}}, e.g. 'dep.accounts'. */
  key: string;
  count: (db: Kysely<DB>, target: Target) => Promise<number>;
}

const n = async (q: Promise<{ n: number } | undefined>) => (await q)?.n ?? 0;

const accounts: Dependent = {
  key: 'dep.accounts',
  count: (db, target) =>
    'communityId' in target
      ? n(
          db
            .selectFrom('account')
            .select(sql<number>`count(*)::int`.as('n'))
            .where((eb) =>
              eb.or([
                eb('community_id', '=', target.communityId),
                eb('address_id', 'in', eb.selectFrom('address').select('id').where('community_id', '=', target.communityId)),
                eb('id', 'in', eb.selectFrom('account_community').select('account_id').where('community_id', '=', target.communityId)),
              ]),
            )
            .executeTakeFirst(),
        )
      : n(db.selectFrom('account').select(sql<number>`count(*)::int`.as('n')).where('address_id', '=', target.addressId).executeTakeFirst()),
};

/** Door units with an active device (devstate 1), and pool devices bound there. */
const devices: Dependent = {
  key: 'dep.devices',
  count: (db, target) => {
    let q = db
      .selectFrom('address')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('type', '=', ADDRESS_TYPE.doorUnit)
      .where((eb) => eb.or([eb('devstate', '=', 1), eb('id', 'in', eb.selectFrom('device').select('address_id').where('address_id', 'is not', null))]));
    q = 'communityId' in target ? q.where('community_id', '=', target.communityId) : q.where('id', '=', target.addressId);
    return n(q.executeTakeFirst());
  },
};

const callCodes: Dependent = {
  key: 'dep.callCodes',
  count: (db, target) => {
    const q = db.selectFrom('amt').select(sql<number>`count(*)::int`.as('n'));
    return n(
      ('communityId' in target
        ? q.where('community_id', '=', target.communityId)
        : q.where((eb) => eb.or([eb('caller_address_id', '=', target.addressId), eb('called_address_id', '=', target.addressId)]))
      ).executeTakeFirst(),
    );
  },
};

export const DEPENDENTS: Dependent[] = [accounts, devices, callCodes];

/**
 * What still depends on a target, as one localized phrase ("2 accounts, 3 call codes"),
 * or null when nothing does.
 */
export async function dependentsText(ctx: AuthCtx, db: Kysely<DB>, target: Target): Promise<string | null> {
  const parts: string[] = [];
  for (const d of DEPENDENTS) {
    const count = await d.count(db, target);
    if (count > 0) parts.push(t(ctx.lang, msg(d.key, { count })));
  }
  return parts.length ? parts.join(t(ctx.lang, 'dep.separator')) : null;
}
