import { type CardGroups, msg } from '@gatehouse/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { withCommands } from '../../devices/commands.ts';
import type { AuthCtx } from '../../http/context.ts';
import { t } from '../../http/i18n.ts';
import { type OpLogEntry, writeOpLog } from '../../http/oplog.ts';
import { loadCard, visibleFace } from '../holder/access.ts';
import { queueCardOn } from '../holder/cards.ts';
import { queueFaceState } from '../holder/faces.ts';
import { groupsOfCommunity, groupsWithSchedule } from './community-groups.ts';
import { GROUP_LINK, heldGroupIds } from '../holder/reach.ts';
import { liftUnitsOfGroups, queueLiftFiles } from '../holder/lifts.ts';

/**
 * The access groups a card or a face holds (getCardGroups / getFaceGroups and their setters):
 * one way for both, the link table and what the units concerned get told being the only
 * differences.
 */

/** What differs between the kinds: the message for a group of another community, how units learn the credential's state. */
const KINDS = {
  card: { unknownGroups: 'rules.unknownGroups', queueOn: queueCardOn },
  face: { unknownGroups: 'rules.unknownFaceGroups', queueOn: queueFaceState },
} as const;

/** A card or a face whose groups are read or set, once the caller may see it. */
interface Holder {
  kind: keyof typeof KINDS;
  /** The card's or the face's row id. */
  id: number;
  communityId: number;
  opLog: Pick<OpLogEntry, 'menu' | 'content'>;
}

async function cardHolder(ctx: AuthCtx, cardRowId: number): Promise<Holder> {
  const card = await loadCard(ctx, cardRowId);
  const content = msg('op.rules.cardGroups', { cardid: card.card_no });
  return { kind: 'card', id: cardRowId, communityId: card.community_id, opLog: { menu: card.menu, content } };
}

async function faceHolder(ctx: AuthCtx, id: number): Promise<Holder> {
  const face = await visibleFace(ctx, id);
  const content = msg('op.rules.faceGroups', { account: face.account });
  return { kind: 'face', id, communityId: face.community_id, opLog: { menu: 'access.faceid', content } };
}

const heldGroups = (db: Kysely<DB>, h: Holder) => heldGroupIds(db, h.kind, [h.id]);

/** The groups of the holder's community and those it holds. */
async function groupsOf(ctx: AuthCtx, h: Holder): Promise<CardGroups> {
  const groups = await groupsWithSchedule(ctx.db, h.communityId).execute();
  const held = await heldGroups(ctx.db, h).orderBy('group_id').execute();
  const always = t(ctx.lang, 'rules.always');
  return {
    groups: groups.map((g) => ({ id: g.id, name: g.name, scheduleName: g.scheduleName ?? always })),
    selected: held.map((r) => r.group_id),
  };
}

/**
 * The holder holds exactly these groups (of its community); every unit of a group gained or
 * lost gets what the credential must now hold there, and so do the lift files of those groups.
 */
async function setGroupsOf(ctx: AuthCtx, h: Holder, groupIds: number[]): Promise<CardGroups> {
  const wanted = await groupsOfCommunity(ctx.db, h.communityId, groupIds, KINDS[h.kind].unknownGroups);
  const { table, holder } = GROUP_LINK[h.kind];
  await withCommands(ctx, async (trx, q) => {
    const old = (await heldGroups(trx, h).execute()).map((r) => r.group_id);
    const added = wanted.filter((g) => !old.includes(g));
    const removed = old.filter((g) => !wanted.includes(g));
    if (!added.length && !removed.length) return;
    if (removed.length) await trx.deleteFrom(table).where(holder, '=', h.id).where('group_id', 'in', removed).execute();
    if (added.length)
      await trx
        .insertInto(table)
        .values(added.map((group_id) => ({ group_id, [holder]: h.id }) as { group_id: number; card_id: number; face_id: number }))
        .execute();
    const changed = [...added, ...removed];
    const units = await trx.selectFrom('access_group_unit').select('address_id').distinct().where('group_id', 'in', changed).execute();
    const unitIds = units.map((u) => u.address_id);
    await KINDS[h.kind].queueOn(trx, q, h.id, unitIds);
    await queueLiftFiles(trx, q, await liftUnitsOfGroups(trx, changed));
    await writeOpLog(trx, ctx, {
      ...h.opLog,
      communityId: h.communityId,
      before: { groups: [...old].sort((a, b) => a - b) },
      after: { groups: wanted },
    });
  });
  return groupsOf(ctx, h);
}

/** getCardGroups */
export const cardGroups = async (ctx: AuthCtx, cardRowId: number) => groupsOf(ctx, await cardHolder(ctx, cardRowId));
/** setCardGroups */
export const setCardGroups = async (ctx: AuthCtx, cardRowId: number, groupIds: number[]) =>
  setGroupsOf(ctx, await cardHolder(ctx, cardRowId), groupIds);
/** getFaceGroups */
export const faceGroups = async (ctx: AuthCtx, faceId: number) => groupsOf(ctx, await faceHolder(ctx, faceId));
/** setFaceGroups */
export const setFaceGroups = async (ctx: AuthCtx, faceId: number, groupIds: number[]) =>
  setGroupsOf(ctx, await faceHolder(ctx, faceId), groupIds);
