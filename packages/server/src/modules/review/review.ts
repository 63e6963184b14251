import { ADDRESS_TYPE, type Review, type ReviewCredential, type ReviewGroup } from '@gatehouse/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { AuthCtx } from '../../http/context.ts';
import { formatDateTime } from '../../http/dates.ts';
import { t } from '../../http/i18n.ts';
import { badRequest } from '../../http/errors.ts';
import { foundInScope, scopeOf } from '../../http/scope.ts';
import { placesByCredential, placesOf as placesFrom } from '../../devices/places.ts';
import type { Credential, Place } from '../../devices/places.ts';
import { CREDENTIAL_SOURCES, lastUses, type Subject, syncStates } from './sources.ts';

/** The subject of a review or move-out: a household in scope (404 / 403 / 400), or an account within the caller's scope. */
export async function resolveSubject(
  ctx: AuthCtx,
  i: { account?: string; addressId?: number },
  db: Kysely<DB> = ctx.db,
): Promise<{ subject: Subject; text: string; communityId: number | null }> {
  if (i.addressId !== undefined) {
    const found = db.selectFrom('address').select(['id', 'community_id', 'type', 'address']).where('id', '=', i.addressId);
    const a = await foundInScope(ctx.db, ctx.caller, await found.executeTakeFirst());
    if (a.type !== ADDRESS_TYPE.householder) throw badRequest('review.notHousehold');
    return { subject: { addressId: a.id, scope: { all: false, ids: [a.community_id] } }, text: a.address, communityId: a.community_id };
  }
  const account = i.account as string;
  return { subject: { account, scope: await scopeOf(ctx.db, ctx.caller) }, text: account, communityId: null };
}

/** Every credential of the subject the caller may see (by the menus governing each kind). */
export async function credentialsOf(ctx: AuthCtx, subject: Subject, db: Kysely<DB> = ctx.db): Promise<Credential[]> {
  return (await Promise.all(CREDENTIAL_SOURCES.map((s) => s(db, subject, ctx.caller)))).flat();
}

/** Where the credentials work, from every area's place sources (ctx.places). */
export async function placesOf(ctx: AuthCtx, creds: Credential[], db: Kysely<DB> = ctx.db): Promise<Place[]> {
  return placesFrom(ctx.places, db, creds);
}

/** The review: credentials with where they work (own entries, lift control, access groups with their schedules), validity, sync state per unit and last use. */
export async function buildReview(ctx: AuthCtx, i: { account?: string; addressId?: number }): Promise<Review> {
  const { subject, text } = await resolveSubject(ctx, i);
  const creds = await credentialsOf(ctx, subject);
  const places = await placesOf(ctx, creds);
  const [syncs, uses] = await Promise.all([syncStates(ctx.db, places), lastUses(ctx.db, creds)]);
  const tz = ctx.config.TZ_NAME;
  const always = t(ctx.lang, 'rules.always');
  const groupOf = (p: Place): ReviewGroup | null =>
    p.group ? { id: p.group.id, name: p.group.name, schedule: p.group.scheduleName ?? always } : null;
  const mine = placesByCredential(places);
  const credentials: ReviewCredential[] = creds.map((c) => ({
    kind: c.kind,
    id: c.id,
    label: c.label,
    type: c.type,
    account: c.account,
    userName: c.userName,
    communityName: c.communityName,
    address: c.address,
    status: c.status,
    createdAt: formatDateTime(c.createdAt, tz),
    lastUsed: formatDateTime(uses.get(`${c.kind}:${c.id}`), tz),
    groups: [
      ...new Map(
        mine(c)
          .map(groupOf)
          .filter((g): g is ReviewGroup => g !== null)
          .map((g) => [g.id, g]),
      ).values(),
    ],
    places: mine(c).map((p) => {
      const s = p.objectKey ? syncs.get(`${p.gateId}|${p.objectKey}`) : undefined;
      return {
        source: p.source,
        gateId: p.gateId,
        gateName: p.gateName,
        validfrom: formatDateTime(p.validfrom, tz),
        validto: formatDateTime(p.validto, tz),
        detail: p.detail,
        sync: s ? { commandId: s.id, status: s.status, kind: s.kind, updatedAt: formatDateTime(s.updatedAt, tz) } : null,
        group: groupOf(p),
      };
    }),
  }));
  return { subject: text, credentials };
}
