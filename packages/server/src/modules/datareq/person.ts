import { ADDRESS_TYPE } from '@gatehouse/contracts';
import type { Db } from '../../db/index.ts';
import { anyText } from '../../db/sql.ts';
import type { Scope } from '../../http/caller.ts';
import type { AuthCtx } from '../../http/context.ts';
import { badRequest, outOfScope } from '../../http/errors.ts';
import { foundInScope, inScope, scopeOf } from '../../http/scope.ts';

/**
 * The person an export is about: an account (by phone), or for people without an account a
 * household (by address). `phones` are the accounts the person's events, punches, passes and
 * op-log entries are found by; `scope` narrows every section to the communities the caller sees.
 */
export interface Person {
  /** What the export is about: the phone, or the household's address text. */
  text: string;
  kind: 'account' | 'address';
  phones: string[];
  /** The household (address subjects). */
  addressId: number | null;
  scope: Scope;
  /** The community the op log files the export under: the household's, or the first of the account's the caller sees. */
  communityId: number | null;
}

/** The person's phones as one array parameter (`col = any(...)`); a person with none matches no row. */
export const anyPhone = (p: Person) => anyText(p.phones.length ? p.phones : ['']);

/**
 * Finds the person, refusing a subject the caller may not see: a household of another
 * community (403), an account none of whose communities (its own, its cards', faces' and
 * visitor passes') is in the caller's scope (403); one nothing is held about is a 400.
 */
export async function findPerson(ctx: AuthCtx, i: { account?: string; addressId?: number }, db: Db = ctx.db): Promise<Person> {
  const scope = await scopeOf(db, ctx.caller);
  if (i.addressId !== undefined) {
    const a = await foundInScope(
      db,
      ctx.caller,
      await db.selectFrom('address').select(['id', 'community_id', 'type', 'address']).where('id', '=', i.addressId).executeTakeFirst(),
    );
    if (a.type !== ADDRESS_TYPE.householder) throw badRequest('review.notHousehold');
    const phones = await db
      .selectFrom('account')
      .select('reg_no as p')
      .where('address_id', '=', a.id)
      .union(db.selectFrom('card').select('account as p').where('address_id', '=', a.id).where('account', '<>', ''))
      .union(db.selectFrom('face').select('account as p').where('address_id', '=', a.id).where('account', '<>', ''))
      .execute();
    return {
      text: a.address,
      kind: 'address',
      phones: phones.map((r) => r.p).sort(),
      addressId: a.id,
      scope: { all: false, ids: [a.community_id] },
      communityId: a.community_id,
    };
  }
  const phone = i.account as string;
  const held = await db
    .selectFrom('account')
    .select('community_id as c')
    .where('reg_no', '=', phone)
    .union(db.selectFrom('card').select('community_id as c').where('account', '=', phone))
    .union(db.selectFrom('face').select('community_id as c').where('account', '=', phone))
    .union(db.selectFrom('visitor_qrcode').select('community_id as c').where('user_regno', '=', phone))
    .execute();
  const events = held.length
    ? []
    : await db.selectFrom('access_event').select('community_id as c').where('account', '=', phone).limit(1).execute();
  const communities = [...held, ...events].map((r) => r.c);
  if (!communities.length) throw badRequest('datareq.nothingFound');
  if (!communities.some((c) => inScope(scope, c))) throw outOfScope();
  const first = communities.filter((c): c is number => c !== null && inScope(scope, c)).sort((x, y) => x - y)[0] ?? null;
  return { text: phone, kind: 'account', phones: [phone], addressId: null, scope, communityId: first };
}

/** The households of the person: the account's own address and those of its cards and faces. */
export async function householdIds(db: Db, p: Person): Promise<number[]> {
  if (p.addressId !== null) return [p.addressId];
  const phone = p.text;
  const rows = await db
    .selectFrom('account')
    .select('address_id as a')
    .where('reg_no', '=', phone)
    .where('address_id', 'is not', null)
    .union(db.selectFrom('card').select('address_id as a').where('account', '=', phone))
    .union(db.selectFrom('face').select('address_id as a').where('account', '=', phone))
    .execute();
  return rows.map((r) => Number(r.a));
}
